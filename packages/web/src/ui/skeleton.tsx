import { cn } from './cn';

/** A grey placeholder block; a span, so it may sit inside headings. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-surface-hover', className)} />;
}
