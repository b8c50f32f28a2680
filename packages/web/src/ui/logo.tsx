import { cn } from './cn';

/** Basin's mark: two waves in a green square. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-6', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-accent" />
      <path
        d="M7 12c3 2 6 2 9 0s6-2 9 0M7 18c3 2 6 2 9 0s6-2 9 0"
        className="stroke-accent-foreground"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
