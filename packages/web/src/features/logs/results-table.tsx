import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { LogSourceName } from '@basin/core';
import type { LogRow } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { cn } from '../../ui/cn';
import { cellLine, isTimeValue, levelTone } from './format';
import { orderColumns } from './sql-text';

const ROW_HEIGHT = 30;
const WIDTHS: Record<string, number> = {
  id: 90,
  timestamp: 170,
  method: 80,
  status: 80,
  severity: 96,
  level: 80,
  event_message: 420,
  path: 260,
  query: 360,
  metadata: 360,
};
const DEFAULT_WIDTH = 160;

/** The result's columns: its rows' keys, in the order the query selected them (sql-text.ts). */
export function resultColumns(rows: readonly LogRow[], sql: string, source: LogSourceName | null): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return orderColumns([...columns], sql, source);
}

function Cell({ column, value }: { column: string; value: unknown }) {
  const text = cellLine(column, value);
  const tone = levelTone(column, value);
  return (
    <div
      role="gridcell"
      title={isTimeValue(column, value) ? value : text}
      className={cn('truncate border-l border-border/60 px-2 leading-[30px]', value === null && 'text-muted')}
    >
      {tone ? <Badge tone={tone}>{text}</Badge> : text}
    </div>
  );
}

/**
 * The rows of a log query, only those in view rendered. Columns come from the rows' keys. Click a
 * row, or move with the arrow keys and press Enter, to open its detail; Escape closes it.
 */
export function ResultsTable({
  rows,
  sql,
  source,
  selected,
  onSelect,
}: {
  rows: readonly LogRow[];
  /** The query that answered them, and the source it read: they order the columns. */
  sql: string;
  source: LogSourceName | null;
  selected: number | null;
  onSelect: (index: number | null) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const columns = useMemo(() => resultColumns(rows, sql, source), [rows, sql, source]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const widths = columns.map((column) => WIDTHS[column] ?? DEFAULT_WIDTH);
  const template = widths.map((width) => `${width}px`).join(' ');
  const width = widths.reduce((sum, value) => sum + value, 0);

  useEffect(() => {
    if (selected !== null) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, virtualizer]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!rows.length) return;
    const last = rows.length - 1;
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (event.key in step) {
      event.preventDefault();
      const from = selected ?? (step[event.key]! > 0 ? -1 : rows.length);
      onSelect(Math.min(last, Math.max(0, from + step[event.key]!)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onSelect(event.key === 'Home' ? 0 : last);
    } else if (event.key === 'Enter' && selected === null) {
      event.preventDefault();
      onSelect(0);
    } else if (event.key === 'Escape' && selected !== null) {
      event.preventDefault();
      onSelect(null);
    }
  }

  return (
    <div
      ref={scroller}
      tabIndex={0}
      role="grid"
      aria-label="Log events"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={selected === null ? undefined : `${id}-row-${selected}`}
      onKeyDown={onKeyDown}
      className="h-full overflow-auto font-mono text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      data-testid="log-results"
    >
      <div style={{ width: Math.max(width, 1) }} className="min-w-full">
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-10 grid border-b border-border bg-surface"
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((column) => (
            <div
              role="columnheader"
              key={column}
              className="truncate border-l border-border px-2 py-1.5 font-medium text-foreground first:border-l-0"
            >
              {column}
            </div>
          ))}
        </div>
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const isSelected = item.index === selected;
            return (
              <div
                role="row"
                id={`${id}-row-${item.index}`}
                key={item.key}
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                onClick={() => onSelect(isSelected ? null : item.index)}
                className={cn(
                  'absolute left-0 grid w-full cursor-pointer border-b border-border/60 [&>*:first-child]:border-l-0',
                  isSelected ? 'bg-accent-soft' : 'hover:bg-surface-hover',
                )}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
              >
                {columns.map((column) => (
                  <Cell key={column} column={column} value={row[column]} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
