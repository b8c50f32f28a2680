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
  className?: string;
  children: ReactNode;
}

function RadioGroupRoot({ value, onValueChange, labelledBy, describedBy, invalid, className, children }: RadioGroupProps) {
  return (
    <RadixRadioGroup.Root
      value={value ?? ''}
      onValueChange={onValueChange}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn('flex flex-col gap-1.5', className)}
    >
      {children}
    </RadixRadioGroup.Root>
  );
}

/** One choice: the round control and its label, both clickable. */
function RadioGroupItem({ value, children }: { value: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadixRadioGroup.Item
        id={id}
        value={value}
        className={cn(
          'inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-border-strong bg-surface',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[state=checked]:border-accent',
        )}
      >
        <RadixRadioGroup.Indicator className="size-2 rounded-full bg-accent" />
      </RadixRadioGroup.Item>
      <label htmlFor={id} className="cursor-pointer text-[13px]">
        {children}
      </label>
    </div>
  );
}

export const RadioGroup = Object.assign(RadioGroupRoot, { Item: RadioGroupItem });
