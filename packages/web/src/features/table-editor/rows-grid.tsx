import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import type { PgColumn } from '@basin/core/schemas';
import type { Row, RowSort } from '../../data/table-rows/rows-params';
import { cellText } from '../../lib/cell-text';
import { cn } from '../../ui/cn';

export interface RowsGridProps {
  label: string;
  columns: PgColumn[];
  rows: Row[];
  /** The number of the first row shown (1 on the first page). */
  firstNumber: number;
  sort: RowSort | null;
  onSort: (column: string) => void;
  /**
   * Rows can be picked and edited: a key per row (its primary key) and the selected keys.
   * Without it the grid only reads.
   */
  editing?: {
    keyOf: (row: Row) => string;
    selected: ReadonlySet<string>;
    onSelect: (keys: string[], selected: boolean) => void;
    /** Opens the row's form, at `column` when a cell was double-clicked. */
    onEdit: (row: Row, column?: string) => void;
  };
}

const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown, none: ArrowUpDown } as const;

/** One page of rows: headers sort, checkboxes pick rows, a row's pencil (or a double-click on a cell) edits it. */
export function RowsGrid({ label, columns, rows, firstNumber, sort, onSort, editing }: RowsGridProps) {
  const keys = editing ? rows.map(editing.keyOf) : [];
  const allSelected = editing !== undefined && keys.length > 0 && keys.every((key) => editing.selected.has(key));
  return (
    <div className="max-h-[calc(100vh-17rem)] min-h-40 overflow-auto rounded-lg border border-border bg-surface" data-testid="rows-grid">
      <table className="w-max min-w-full border-separate border-spacing-0 text-left font-mono text-xs" aria-label={label}>
        <thead className="sticky top-0 z-10 bg-surface">
          <tr>
            {editing ? (
              <th className="w-8 border-b border-border px-2">
                <input
                  type="checkbox"
                  className="block"
                  aria-label="Select all rows on this page"
                  checked={allSelected}
                  disabled={!rows.length}
                  onChange={(event) => editing.onSelect(keys, event.target.checked)}
                />
              </th>
            ) : null}
            <th className="w-12 border-b border-border px-2 py-1.5 font-normal text-muted">#</th>
            {columns.map((column) => {
              const direction = sort?.column === column.name ? (sort.ascending ? 'ascending' : 'descending') : 'none';
              const Icon = SORT_ICONS[direction];
              return (
                <th key={column.name} aria-sort={direction} className="border-b border-l border-border p-0 font-normal">
                  <button
                    type="button"
                    onClick={() => onSort(column.name)}
                    title={`Sort by ${column.name}`}
                    className="flex w-full cursor-pointer items-center gap-1.5 px-2 py-1.5 text-left whitespace-nowrap hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="font-medium text-foreground">{column.name}</span>
                    <span className="text-muted">{column.format}</span>
                    <Icon className={cn('ml-auto size-3', direction === 'none' ? 'text-subtle' : 'text-accent')} aria-hidden="true" />
                  </button>
                </th>
              );
            })}
            {editing ? <th className="w-9 border-b border-l border-border" aria-label="Actions" /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = keys[index];
            const number = firstNumber + index;
            const selected = key !== undefined && editing?.selected.has(key);
            return (
              <tr key={key ?? index} className={cn('hover:bg-surface-hover', selected && 'bg-accent/10')}>
                {editing && key !== undefined ? (
                  <td className="border-b border-border/60 px-2">
                    <input
                      type="checkbox"
                      className="block"
                      aria-label={`Select row ${number}`}
                      checked={selected}
                      onChange={(event) => editing.onSelect([key], event.target.checked)}
                    />
                  </td>
                ) : null}
                <td className="border-b border-border/60 px-2 leading-7 text-muted">{number}</td>
                {columns.map((column) => {
                  const value = row[column.name];
                  const text = cellText(value);
                  return (
                    <td
                      key={column.name}
                      title={text}
                      onDoubleClick={editing ? () => editing.onEdit(row, column.name) : undefined}
                      className={cn('max-w-72 truncate border-b border-l border-border/60 px-2 leading-7', value === null && 'text-muted')}
                    >
                      {text}
                    </td>
                  );
                })}
                {editing ? (
                  <td className="border-b border-l border-border/60 px-1">
                    <button
                      type="button"
                      aria-label={`Edit row ${number}`}
                      onClick={() => editing.onEdit(row)}
                      className="inline-flex size-6 cursor-pointer items-center justify-center rounded text-muted hover:bg-surface-hover hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <Pencil className="size-3.5" aria-hidden="true" />
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
