import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

interface RadioGroupProps {
  value: string | undefined;
  onValueChange: (value: string) => void;
  /** The id of the element that names the group. */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

function RadioGroupRoot({ value, onValueChange, labelledBy, describedBy, invalid, disabled, className, children }: RadioGroupProps) {
  return (
    <RadixRadioGroup.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      disabled={disabled}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn('flex flex-col gap-1.5', className)}
    >
      {children}
    </RadixRadioGroup.Root>
  );
}

/** One choice: the round control and its label, both clickable, with an optional line below the label. */
function RadioGroupItem({
  value,
  description,
  disabled,
  children,
}: {
  value: string;
  description?: ReactNode;
  /** This choice alone is unavailable (the description says why). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex gap-2', description ? 'items-start' : 'items-center')}>
      <RadixRadioGroup.Item
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        className={cn(
          'inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-border-strong bg-surface',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=checked]:border-accent',
          'disabled:cursor-not-allowed disabled:opacity-50',
          description && 'mt-0.5',
        )}
      >
        <RadixRadioGroup.Indicator className="size-2 rounded-full bg-accent" />
      </RadixRadioGroup.Item>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className={cn('cursor-pointer text-[13px]', disabled && 'cursor-not-allowed text-muted')}>
          {children}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-muted">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export const RadioGroup = Object.assign(RadioGroupRoot, { Item: RadioGroupItem });
