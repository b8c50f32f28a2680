import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line field, 4 rows unless told otherwise (spec part 1 §5); `maxLength` caps what can be typed. */
export function Textarea({ className, invalid, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(
        'w-full resize-y rounded-md border border-border-strong bg-surface px-2.5 py-1.5 text-[13px] text-foreground',
        'placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-ring focus:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-60',
        invalid && 'border-danger focus:border-danger',
        className,
      )}
      {...props}
    />
  );
}
