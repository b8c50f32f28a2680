import { X } from 'lucide-react';
import type { LogSourceName } from '@basin/core';
import type { LogRow } from '@basin/core/schemas';
import { useLogsQuery } from '../../data/logs/use-logs-query';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Spinner } from '../../ui/spinner';
import { fieldText, formatFullTime, isTimeValue, levelTone } from './format';
import { orderColumns } from './sql-text';
import type { TimeRange } from './time-range';

const isEventId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^\d{1,19}$/.test(value));

/** The whole event behind a result row: every column of its source, when the row has the source's `id`. */
export function eventSql(source: LogSourceName, id: number | string): string {
  return `select * from ${source} where id = ${id} limit 1`;
}

function Field({ name, value }: { name: string; value: unknown }) {
  const tone = levelTone(name, value);
  const multiline = typeof value === 'object' && value !== null;
  return (
    <div className="flex flex-col gap-1 border-b border-border/60 px-4 py-2.5">
      <dt className="font-mono text-[11px] text-muted">{name}</dt>
      <dd className="min-w-0 text-[13px]">
        {isTimeValue(name, value) ? (
          <span className="flex flex-col">
            <span>{formatFullTime(value)}</span>
            <span className="font-mono text-[11px] text-muted">{value}</span>
          </span>
        ) : tone ? (
          <Badge tone={tone}>{fieldText(value)}</Badge>
        ) : multiline ? (
          <pre
            data-testid={`field-${name}`}
            className="max-h-96 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-[11px] leading-relaxed"
          >
            {fieldText(value)}
          </pre>
        ) : (
          <span className={`font-mono text-xs break-all whitespace-pre-wrap ${value === null ? 'text-muted' : ''}`}>
            {fieldText(value)}
          </span>
        )}
      </dd>
    </div>
  );
}

/**
 * One event: the row's fields at once, then every field of its source with the metadata JSON
 * pretty-printed (looked up by `id` over the same range), and a copy of it all as JSON.
 */
export function EventDetail({
  projectRef,
  row,
  sql,
  source,
  range,
  onClose,
}: {
  projectRef: string;
  row: LogRow;
  /** The query the row came from. */
  sql: string;
  source: LogSourceName | null;
  range: TimeRange;
  onClose: () => void;
}) {
  const id = row.id;
  const lookup = source && isEventId(id) ? { sql: eventSql(source, id), start: range.start, end: range.end } : null;
  const full = useLogsQuery(projectRef, lookup);
  const whole = full.data?.result[0];
  const event = whole ? { ...row, ...whole } : row;
  // The query's columns first as it chose them, then the source's others, metadata last.
  const names = orderColumns([...new Set([...Object.keys(row), ...Object.keys(event)])], sql, source).sort(
    (a, b) => Number(a === 'metadata') - Number(b === 'metadata'),
  );
  const title =
    typeof event.event_message === 'string' && event.event_message ? event.event_message : isEventId(id) ? `Event ${id}` : 'Event';

  return (
    <aside aria-label="Event detail" className="flex h-full min-w-0 flex-col bg-surface">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-border px-4">
        <h2 className="min-w-0 flex-1 truncate text-[13px] font-medium" title={title}>
          {title}
        </h2>
        <CopyButton value={JSON.stringify(event, null, 2)} />
        <Button variant="ghost" size="icon" aria-label="Close event detail" onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {full.isFetching && !whole ? (
          <p className="flex items-center gap-2 px-4 py-2 text-xs text-muted">
            <Spinner className="size-3.5" /> Loading the whole event…
          </p>
        ) : null}
        {!lookup ? (
          <p className="px-4 py-2 text-xs text-muted">Select the source's id column in the query to see every field of the event.</p>
        ) : full.data?.error ? (
          <p className="px-4 py-2 text-xs text-danger">Failed to load the whole event: {full.data.error.message}</p>
        ) : full.error ? (
          <p className="px-4 py-2 text-xs text-danger">Failed to load the whole event: {full.error.message}</p>
        ) : full.data && !whole ? (
          <p className="px-4 py-2 text-xs text-muted">The event is no longer in this range; showing the row as the query answered it.</p>
        ) : null}
        <dl>
          {names.map((name) => (
            <Field key={name} name={name} value={event[name]} />
          ))}
        </dl>
      </div>
    </aside>
  );
}
