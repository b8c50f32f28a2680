/**
 * The histogram of events over time. It comes from a second logs.all query, not from the results:
 * the results stop at the query's LIMIT (and at most 1,000 rows), while the histogram counts every
 * event of the source the query reads over the whole range, with `date_bin` buckets whose origin is
 * the range's start. It does not apply the query's own WHERE clause.
 */
import { LOG_SOURCE_NAMES, type LogSourceName } from '@basin/core';
import type { LogRow } from '@basin/core/schemas';
import { codeOnly } from './sql-text';
import { bucketSeconds, bucketStarts, type TimeRange } from './time-range';

const SOURCE_REFERENCE = new RegExp(`\\b(?:from|join)\\s+(?:"?logs"?\\.)?"?(${LOG_SOURCE_NAMES.join('|')})"?(?![\\w$])`, 'i');

/** The first log source the query reads (after FROM or JOIN), or null. */
export function sourceOfQuery(sql: string): LogSourceName | null {
  const match = SOURCE_REFERENCE.exec(codeOnly(sql));
  return match ? (match[1]!.toLowerCase() as LogSourceName) : null;
}

/** Counts per bucket of `source` over the range: no subquery, so no parser warning. */
export function histogramSql(source: LogSourceName, range: TimeRange): string {
  const seconds = bucketSeconds(range);
  return [
    `select date_bin('${seconds} seconds', timestamp, timestamptz '${range.start}') as bucket, count(*) as count`,
    `from ${source}`,
    'group by bucket',
    'order by bucket',
  ].join('\n');
}

export interface HistogramPoint {
  /** The bucket's start, ms since the epoch. */
  bucket: number;
  count: number;
}

/** Every bucket of the range with its count (0 where the query answered none). */
export function histogramPoints(rows: readonly LogRow[], range: TimeRange): HistogramPoint[] {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const at = new Date(String(row.bucket)).getTime();
    if (!Number.isNaN(at)) counts.set(at, Number(row.count) || 0);
  }
  return bucketStarts(range, bucketSeconds(range)).map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
}
