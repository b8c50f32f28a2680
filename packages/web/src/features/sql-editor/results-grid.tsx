import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { SqlField } from '@basin/core/schemas';
import { cellText } from '../../lib/cell-text';
import { cn } from '../../ui/cn';

const ROW_HEIGHT = 28;
const COLUMN_WIDTH = 180;
const NUMBER_WIDTH = 64;

/**
 * The rows of a result, only those in view rendered (a 100,000-row result keeps a few dozen
 * rows in the DOM). Columns have one width each; the header stays on top while scrolling.
 */
export function ResultsGrid({ fields, rows }: { fields: SqlField[]; rows: unknown[][] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const template = `${NUMBER_WIDTH}px repeat(${fields.length}, ${COLUMN_WIDTH}px)`;
  const width = NUMBER_WIDTH + fields.length * COLUMN_WIDTH;

  return (
    <div ref={scroller} className="h-full overflow-auto font-mono text-xs" data-testid="results-grid">
      <div role="grid" aria-rowcount={rows.length + 1} aria-colcount={fields.length} style={{ width }}>
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-10 grid border-b border-border bg-surface"
          style={{ gridTemplateColumns: template }}
        >
          <div role="columnheader" className="px-2 py-1.5 text-muted">
            #
          </div>
          {fields.map((field, index) => (
            <div
              role="columnheader"
              key={index}
              className="truncate border-l border-border px-2 py-1.5"
              title={`${field.name} (${field.type})`}
            >
              <span className="font-medium text-foreground">{field.name}</span> <span className="text-muted">{field.type}</span>
            </div>
          ))}
        </div>
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              role="row"
              key={item.key}
              aria-rowindex={item.index + 2}
              className="absolute left-0 grid w-full border-b border-border/60 hover:bg-surface-hover"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)`, gridTemplateColumns: template }}
            >
              <div role="rowheader" className="px-2 leading-7 text-muted">
                {item.index + 1}
              </div>
              {(rows[item.index] ?? []).map((value, column) => {
                const text = cellText(value);
                return (
                  <div
                    role="gridcell"
                    key={column}
                    title={text}
                    className={cn('truncate border-l border-border/60 px-2 leading-7', value === null && 'text-muted')}
                  >
                    {text}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
