import type { SqlResult } from '@basin/core/schemas';
import { cellText } from '../../lib/cell-text';
import { cn } from '../../ui/cn';

/** Rows shown in a table view; the SQL editor shows them all. */
const TABLE_ROWS = 100;

/** A report item's rows as a table (spec part 2 §2: a result table is at most 16rem tall). */
export function ItemTable({ result, label }: { result: SqlResult; label: string }) {
  const rows = result.rows.slice(0, TABLE_ROWS);
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-border">
      <table className="w-full border-collapse font-mono text-xs" aria-label={label}>
        <thead className="sticky top-0 bg-surface">
          <tr>
            {result.fields.map((field, index) => (
              <th key={index} scope="col" className="border-b border-border px-2 py-1.5 text-left font-medium whitespace-nowrap">
                {field.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-border/60 last:border-0">
              {row.map((value, column) => (
                <td
                  key={column}
                  className={cn('max-w-64 truncate px-2 py-1 whitespace-nowrap', value === null && 'text-muted')}
                  title={cellText(value)}
                >
                  {cellText(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {result.rows.length > TABLE_ROWS ? (
        <p className="border-t border-border px-2 py-1.5 text-xs text-muted">
          The first {TABLE_ROWS} of {result.rows.length.toLocaleString('en-US')} rows.
        </p>
      ) : null}
    </div>
  );
}
