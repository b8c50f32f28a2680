/**
 * The built-in report's charts (`/platform/projects/{ref}/reports/series/{chart}`): the range's
 * buckets (core's reportWindow) filled from the aggregations of store/report-series.ts. Counts
 * are 0 in an empty bucket; a measure with no sample in a bucket (the database was not running,
 * or not sampled yet) is null, so the chart shows a gap rather than a false zero.
 */
import { reportWindow } from '@basin/core';
import type { BuiltInChart, ReportRange, ReportSeries } from '@basin/core/schemas';
import type { Queryable } from '../../store/db.ts';
import type { ProjectRow } from '../../store/projects.ts';
import * as series from '../../store/report-series.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

interface ChartDefinition {
  unit: ReportSeries['unit'];
  /** Fixed series (key, label), or undefined for the busiest keys of the window (paths, functions). */
  series?: readonly (readonly [string, string])[];
  /** What an empty bucket holds. */
  empty: 0 | null;
  read(db: Queryable, project: ProjectRow, window: series.SeriesWindow): Promise<series.BucketValue[]>;
}

const CHARTS: Record<BuiltInChart, ChartDefinition> = {
  'api-requests-by-status': {
    unit: 'count',
    series: [
      ['2xx', '2xx Success'],
      ['3xx', '3xx Redirect'],
      ['4xx', '4xx Client error'],
      ['5xx', '5xx Server error'],
    ],
    empty: 0,
    read: (db, project, window) => series.requestsByStatus(db, project.ref, window),
  },
  'api-requests-by-path': { unit: 'count', empty: 0, read: (db, project, window) => series.requestsByPath(db, project.ref, window) },
  'database-cpu': {
    unit: 'percent',
    series: [['cpu', 'CPU']],
    empty: null,
    read: (db, project, window) => series.resourceSamples(db, project.id, window, 'cpu'),
  },
  'database-memory': {
    unit: 'percent',
    series: [['memory', 'Memory']],
    empty: null,
    read: (db, project, window) => series.resourceSamples(db, project.id, window, 'memory'),
  },
  'database-disk': {
    unit: 'bytes',
    series: [
      ['database', 'Database'],
      ['storage', 'Stored files'],
    ],
    empty: null,
    read: (db, project, window) => series.resourceSamples(db, project.id, window, 'disk'),
  },
  'database-connections': {
    unit: 'count',
    series: [['connections', 'Connections']],
    empty: null,
    read: (db, project, window) => series.resourceSamples(db, project.id, window, 'connections'),
  },
  'auth-sign-ins': {
    unit: 'count',
    series: [
      ['succeeded', 'Succeeded'],
      ['refused', 'Wrong credentials'],
    ],
    empty: 0,
    read: (db, project, window) => series.signIns(db, project.ref, window),
  },
  'storage-requests': {
    unit: 'count',
    series: [
      ['read', 'Downloads and reads'],
      ['write', 'Uploads and changes'],
      ['delete', 'Deletions'],
    ],
    empty: 0,
    read: (db, project, window) => series.storageRequests(db, project.ref, window),
  },
  'function-invocations': { unit: 'count', empty: 0, read: (db, project, window) => series.functionInvocations(db, project.ref, window) },
  'realtime-messages': {
    unit: 'count',
    series: [['messages', 'Messages']],
    empty: 0,
    read: (db, project, window) => series.realtimeUsage(db, project.ref, window, 'messages'),
  },
  'realtime-connections': {
    unit: 'count',
    series: [['connections', 'Peak connections']],
    empty: 0,
    read: (db, project, window) => series.realtimeUsage(db, project.ref, window, 'connections'),
  },
};

/** The busiest keys first, 'other' last. */
function busiestKeys(rows: series.BucketValue[]): [string, string][] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + (row.value ?? 0));
  return [...totals]
    .sort(([a, x], [b, y]) => (a === series.OTHER_KEY ? 1 : b === series.OTHER_KEY ? -1 : y - x || a.localeCompare(b)))
    .map(([key]) => [key, key === series.OTHER_KEY ? 'Other' : key]);
}

export async function reportSeries(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  chart: BuiltInChart,
  range: ReportRange,
): Promise<ReportSeries> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  const definition = CHARTS[chart];
  const window = reportWindow(range, Date.now());
  const rows = await definition.read(ctx.db, project, {
    start: new Date(window.start),
    end: new Date(window.end),
    intervalSeconds: window.intervalSeconds,
  });
  const keys = definition.series ?? busiestKeys(rows);
  const byBucket = new Map<number, Map<string, number | null>>();
  for (const row of rows) {
    const at = row.bucket.getTime();
    if (!byBucket.has(at)) byBucket.set(at, new Map());
    byBucket.get(at)!.set(row.key, row.value);
  }
  const interval = window.intervalSeconds * 1000;
  const points = Array.from({ length: window.buckets }, (_, index) => {
    const at = window.start + index * interval;
    const found = byBucket.get(at);
    return {
      timestamp: new Date(at).toISOString(),
      values: Object.fromEntries(keys.map(([key]) => [key, found?.get(key) ?? definition.empty])),
    };
  });
  return {
    chart,
    range,
    start: new Date(window.start).toISOString(),
    end: new Date(window.end).toISOString(),
    interval_seconds: window.intervalSeconds,
    unit: definition.unit,
    series: keys.map(([key, label]) => ({ key, label })),
    points,
  };
}
