import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

/**
 * The bordered list table of the dashboard's pages: a header row of `columns` (a last column of
 * row actions gets only a label for screen readers) and the rows as children, each a `DataRow`.
 */
export function DataTable({ columns, actions = false, children }: { columns: string[]; actions?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-left text-[13px]">
        <thead className="border-b border-border bg-surface-muted text-xs text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
            {actions ? (
              <th className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function DataRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border last:border-b-0', className)} {...props} />;
}
