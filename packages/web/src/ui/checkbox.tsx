import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string;
  label: string;
  /** A line under the label, also linked to the box with aria-describedby. */
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label to the right; `role="switch"` makes it an on/off switch (keyboard: Space). */
export function Checkbox({ id, label, description, className, ...input }: CheckboxProps) {
  return (
    <label htmlFor={id} className={cn('flex items-start gap-2 text-[13px]', className)}>
      <input
        type="checkbox"
        id={id}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
        {...input}
      />
      <span>
        <span className="font-medium text-foreground">{label}</span>
        {description ? (
          <span id={`${id}-description`} className="block text-xs text-muted">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
