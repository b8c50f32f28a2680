import type { ReactNode } from 'react';
import { cn } from './cn';

export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border-strong px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? <div className="mb-1 text-subtle">{icon}</div> : null}
      <h2 className="text-sm font-medium">{title}</h2>
      {children ? <div className="max-w-md text-[13px] text-muted">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
