import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import type { PgColumn } from '@basin/core/schemas';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Row, RowSort } from '../../data/table-rows/rows-params';
import { cellText } from '../../lib/cell-text';
import { cn } from '../../ui/cn';
import { ResizeHandle } from '../../ui/resize-handle';
import { cellsToText, textToCells } from './cell-clipboard';
import { type CellPoint, cursorRange, type GridCursor, inRange, moveCursor } from './grid-cursor';
import { fieldText } from './row-form-values';

/** Column widths a drag may choose, in pixels. */
const COLUMN_WIDTH = { min: 60, max: 800, initial: 160 } as const;

export interface RowsGridProps {
  label: string;
  columns: PgColumn[];
  rows: Row[];
  /** The number of the first row shown (1 on the first page). */
  firstNumber: number;
  sort: RowSort | null;
  onSort: (column: string) => void;
  /** Widths the member chose, by column name; the others fit their content (up to 18rem). */
  widths: Record<string, number>;
  onResize: (column: string, width: number) => void;
  /**
   * Rows can be picked and edited: a key per row (its primary key) and the selected keys.
   * Without it the grid only reads.
   */
  editing?: {
    keyOf: (row: Row) => string;
    selected: ReadonlySet<string>;
    onSelect: (keys: string[], selected: boolean) => void;
    /** Opens the row's form, at `column` when a cell was double-clicked (or Enter pressed on it). */
    onEdit: (row: Row, column?: string) => void;
    /** Cells pasted with the cursor at `at`: rows and columns from there. */
    onPaste: (at: CellPoint, cells: string[][]) => void;
  };
}

const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown, none: ArrowUpDown } as const;
const START: GridCursor = { active: { row: 0, column: 0 }, anchor: { row: 0, column: 0 } };

/**
 * One page of rows: headers sort and resize, checkboxes pick rows, a row's pencil (or a
 * double-click or Enter on a cell) edits it. The cells are a keyboard grid: arrows move, Shift
 * extends a range, copy puts the range on the clipboard as a spreadsheet does, paste writes cells.
 */
export function RowsGrid({ label, columns, rows, firstNumber, sort, onSort, widths, onResize, editing }: RowsGridProps) {
  const keys = editing ? rows.map(editing.keyOf) : [];
  const allSelected = editing !== undefined && keys.length > 0 && keys.every((key) => editing.selected.has(key));
  const [cursor, setCursor] = useState<GridCursor>(START);
  const range = cursorRange(cursor);
  const multiCell = range.top !== range.bottom || range.left !== range.right;
  const table = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // A new page (or fewer columns) keeps the cursor inside the grid.
  const bounded = cursor.active.row < rows.length && cursor.active.column < columns.length;
  useEffect(() => {
    if (!bounded) setCursor(START);
  }, [bounded]);
  useEffect(() => {
    if (!moved.current) return;
    table.current?.querySelector<HTMLElement>(`[data-cell="${cursor.active.row}:${cursor.active.column}"]`)?.focus();
  }, [cursor]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (!(event.target as HTMLElement).dataset.cell) return;
    const row = rows[cursor.active.row];
    const column = columns[cursor.active.column];
    if ((event.key === 'Enter' || event.key === 'F2') && editing && row && column) {
      event.preventDefault();
      editing.onEdit(row, column.name);
      return;
    }
    if (event.key === 'Escape') {
      setCursor({ ...cursor, anchor: cursor.active });
      return;
    }
    const next = moveCursor(
      cursor,
      event.key,
      { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey },
      rows.length,
      columns.length,
    );
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setCursor(next);
  }

  function onCopy(event: ClipboardEvent<HTMLTableElement>) {
    if (!(event.target as HTMLElement).dataset.cell) return;
    const cells = rows
      .slice(range.top, range.bottom + 1)
      .map((row) => columns.slice(range.left, range.right + 1).map((column) => fieldText(row[column.name])));
    event.clipboardData.setData('text/plain', cellsToText(cells));
    event.preventDefault();
  }

  function onPaste(event: ClipboardEvent<HTMLTableElement>) {
    if (!editing || !(event.target as HTMLElement).dataset.cell) return;
    event.preventDefault();
    editing.onPaste({ row: range.top, column: range.left }, textToCells(event.clipboardData.getData('text/plain')));
  }

  const widthStyle = (name: string) => {
    const width = widths[name];
    return width === undefined ? undefined : { width, minWidth: width, maxWidth: width };
  };

  return (
    <div className="max-h-[calc(100vh-17rem)] min-h-40 overflow-auto rounded-lg border border-border bg-surface" data-testid="rows-grid">
      <table
        ref={table}
        role="grid"
        aria-multiselectable="true"
        className="w-max min-w-full border-separate border-spacing-0 text-left font-mono text-xs"
        aria-label={label}
        onKeyDown={onKeyDown}
        onCopy={onCopy}
        onPaste={onPaste}
      >
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
                <th
                  key={column.name}
                  aria-sort={direction}
                  style={widthStyle(column.name)}
                  className="relative border-b border-l border-border p-0 font-normal"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.name)}
                    title={`Sort by ${column.name}`}
                    className="flex w-full cursor-pointer items-center gap-1.5 overflow-hidden px-2 py-1.5 pr-3 text-left whitespace-nowrap hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="truncate font-medium text-foreground">{column.name}</span>
                    <span className="text-muted">{column.format}</span>
                    <Icon
                      className={cn('ml-auto size-3 shrink-0', direction === 'none' ? 'text-subtle' : 'text-accent')}
                      aria-hidden="true"
                    />
                  </button>
                  <ResizeHandle
                    label={`Resize column ${column.name}`}
                    size={widths[column.name] ?? COLUMN_WIDTH.initial}
                    min={COLUMN_WIDTH.min}
                    max={COLUMN_WIDTH.max}
                    grows="left"
                    onResize={(width) => onResize(column.name, width)}
                    className="absolute top-0 right-0 h-full"
                  />
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
              <tr
                key={key ?? index}
                aria-selected={selected || undefined}
                className={cn('hover:bg-surface-hover', selected && 'bg-accent/10')}
              >
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
                {columns.map((column, position) => {
                  const value = row[column.name];
                  const text = cellText(value);
                  const active = cursor.active.row === index && cursor.active.column === position;
                  return (
                    <td
                      key={column.name}
                      role="gridcell"
                      data-cell={`${index}:${position}`}
                      tabIndex={active ? 0 : -1}
                      aria-selected={inRange(range, index, position)}
                      title={text}
                      style={widthStyle(column.name)}
                      onMouseDown={(event) => {
                        moved.current = true;
                        setCursor({
                          active: { row: index, column: position },
                          anchor: event.shiftKey ? cursor.anchor : { row: index, column: position },
                        });
                      }}
                      onDoubleClick={editing ? () => editing.onEdit(row, column.name) : undefined}
                      className={cn(
                        'max-w-72 truncate border-b border-l border-border/60 px-2 leading-7 outline-none focus:ring-2 focus:ring-ring focus:ring-inset',
                        value === null && 'text-muted',
                        multiCell && inRange(range, index, position) && 'bg-accent/15',
                      )}
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
