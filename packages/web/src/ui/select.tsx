import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface SelectProps {
  id?: string;
  /** The id of the visible label (Radix's trigger is a button; aria-labelledby names it). */
  labelledBy?: string;
  ariaLabel?: string;
  /** The field's error or description (FormField's props spread here as on an Input). */
  'aria-describedby'?: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  name?: string;
  /** Fill the container's width (the default); otherwise size with `className`. */
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
  onBlur?: () => void;
}

function SelectRoot({
  id,
  labelledBy,
  ariaLabel,
  'aria-describedby': describedBy,
  value,
  onValueChange,
  placeholder,
  disabled,
  invalid,
  name,
  fullWidth = true,
  className,
  children,
  onBlur,
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger
        id={id}
        aria-labelledby={labelledBy}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onBlur={onBlur}
        className={cn(
          'inline-flex h-8 items-center justify-between gap-2 rounded-md border border-border-strong bg-surface px-2.5 text-left text-[13px]',
          'focus:border-accent focus:ring-2 focus:ring-ring focus:outline-none data-[placeholder]:text-subtle',
          'disabled:cursor-not-allowed disabled:opacity-60',
          fullWidth && 'w-full',
          invalid && 'border-danger',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon>
          <ChevronDown className="size-3.5 text-muted" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">{children}</RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}

function SelectItem({ value, children, hint }: { value: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <RadixSelect.Item
      value={value}
      className={cn(
        'relative flex cursor-pointer items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-[13px] outline-none select-none',
        'data-[highlighted]:bg-surface-hover data-[disabled]:opacity-50',
      )}
    >
      <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
        <Check className="size-3.5 text-accent" aria-hidden="true" />
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{children}</RadixSelect.ItemText>
      {hint ? <span className="ml-auto pl-3 text-xs text-muted">{hint}</span> : null}
    </RadixSelect.Item>
  );
}

export const Select = Object.assign(SelectRoot, { Item: SelectItem });
