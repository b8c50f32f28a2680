import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  /** Monospace, slightly smaller: connection strings, refs. */
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, invalid, mono = false, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        'h-8 w-full rounded-md border border-border-strong bg-surface px-2.5 text-foreground',
        mono ? 'font-mono text-xs' : 'text-[13px]',
        'placeholder:text-subtle focus:border-accent focus:ring-2 focus:ring-ring focus:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-surface-muted',
        invalid && 'border-danger focus:border-danger',
        className,
      )}
      {...props}
    />
  );
}
