import type { ReactNode } from 'react';
import { cn } from './cn';

export interface FormFieldProps {
  /** The control's id; the label points at it. */
  id: string;
  label: string;
  /** Set on the label so controls without `id` support (e.g. Select) can use aria-labelledby. */
  labelId?: string;
  description?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control, then the description or the validation error. */
export function FormField({ id, label, labelId, description, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label id={labelId} htmlFor={id} className="text-[13px] font-medium text-foreground">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : description ? (
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a control inside a FormField. */
export function describedBy(id: string, { error, description }: { error?: string; description?: unknown }) {
  if (error) return `${id}-error`;
  return description ? `${id}-description` : undefined;
}
