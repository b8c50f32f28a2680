import { useState } from 'react';
import { PAGE_SIZE } from '../../data/pg-meta/use-pg-meta-list-query';
import { useTableRowsQuery } from '../../data/pg-meta/use-table-rows-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';

function show(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A table's rows, read-only, 50 a page. */
export function TableRows({ projectRef, schema, table }: { projectRef: string; schema: string; table: string }) {
  const [page, setPage] = useState(0);
  const rows = useTableRowsQuery(projectRef, schema, table, page);
  if (rows.isError) return <Alert tone="danger" title={`Failed to read ${schema}.${table}`}>{rows.error.message}</Alert>;
  if (!rows.data) return <Skeleton className="h-40" />;
  const { fields, rows: values } = rows.data;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-left font-mono text-xs" aria-label={`Rows of ${schema}.${table}`}>
          <thead className="border-b border-border text-muted">
            <tr>
              {fields.map((field, index) => (
                <th key={`${field.name}-${index}`} className="px-3 py-2 font-medium whitespace-nowrap">
                  {field.name} <span className="text-subtle">{field.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-b border-border last:border-0">
                {row.map((value, index) => (
                  <td key={index} className={value === null ? 'px-3 py-1.5 text-subtle' : 'max-w-80 truncate px-3 py-1.5'}>
                    {show(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {values.length === 0 ? <p className="px-3 py-6 text-center text-[13px] text-muted">{page === 0 ? 'This table is empty' : 'No more rows'}</p> : null}
      </div>
      <div className="flex items-center justify-end gap-2 text-xs text-muted">
        <span>
          Rows {page * PAGE_SIZE + 1}–{page * PAGE_SIZE + values.length}
        </span>
        <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={values.length < PAGE_SIZE} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
