import { lazy, Suspense } from 'react';
import type { LogSourceName } from '@basin/core';
import { useLogsQuery } from '../../data/logs/use-logs-query';
import { Skeleton } from '../../ui/skeleton';
import { histogramPoints, histogramSql } from './histogram';
import { bucketLabel, bucketSeconds, type TimeRange } from './time-range';

const HistogramChart = lazy(() => import('./histogram-chart'));
const HEIGHT = 96;

/**
 * Events of the query's source over the range, counted per bucket by a second logs.all query
 * (histogram.ts says why). Clicking a bar narrows the range to that bucket.
 */
export function HistogramCard({
  projectRef,
  source,
  range,
  onRange,
}: {
  projectRef: string;
  source: LogSourceName | null;
  range: TimeRange;
  onRange: (range: TimeRange) => void;
}) {
  const input = source ? { sql: histogramSql(source, range), start: range.start, end: range.end } : null;
  const query = useLogsQuery(projectRef, input);
  const seconds = bucketSeconds(range);
  const points = query.data && !query.data.error ? histogramPoints(query.data.result, range) : [];
  const total = points.reduce((sum, point) => sum + point.count, 0);
  const spanMs = new Date(range.end).getTime() - new Date(range.start).getTime();

  let body;
  if (!source) {
    body = <p className="text-xs text-muted">Query a log source (from edge_logs, postgres_logs, …) to see its events over time.</p>;
  } else if (query.isPending) {
    body = <Skeleton className="h-24" />;
  } else if (query.error || query.data?.error) {
    body = <p className="text-xs text-danger">Failed to count events: {query.error?.message ?? query.data?.error?.message}</p>;
  } else {
    body = (
      <Suspense fallback={<Skeleton className="h-24" />}>
        <HistogramChart
          points={points}
          spanMs={spanMs}
          height={HEIGHT}
          onBucket={(index) => {
            const point = points[index];
            if (!point) return;
            const end = Math.min(point.bucket + seconds * 1000, new Date(range.end).getTime());
            onRange({ start: new Date(point.bucket).toISOString(), end: new Date(end).toISOString() });
          }}
        />
      </Suspense>
    );
  }

  return (
    <section aria-label="Events over time" className="border-b border-border px-3 py-2">
      <div className="mb-1 flex items-baseline gap-2 text-xs">
        <h2 className="font-medium">Events over time</h2>
        {source ? (
          <span className="text-muted" data-testid="histogram-caption">
            {query.data && !query.data.error ? `${total.toLocaleString('en-US')} in ${source}` : source}, per {bucketLabel(seconds)}
          </span>
        ) : null}
      </div>
      <div
        role="img"
        aria-label={source ? `Events in ${source} per ${bucketLabel(seconds)}` : 'No histogram'}
        style={{ minHeight: source ? HEIGHT : undefined }}
      >
        {body}
      </div>
    </section>
  );
}
