/**
 * The built-in reports' aggregations, in SQL with parameters only: each answers one row per bucket
 * and series key that has data. $1 the project, $2 and $3 the window (start inclusive, end
 * exclusive), $4 the bucket length in seconds; buckets start at whole multiples of it.
 */
import type { Queryable } from './db.ts';

export interface BucketValue {
  bucket: Date;
  key: string;
  value: number | null;
}

export interface SeriesWindow {
  start: Date;
  end: Date;
  intervalSeconds: number;
}

const BUCKET = (column: string) => `to_timestamp(floor(extract(epoch from ${column}) / $4) * $4)`;

/** How many of the busiest keys get their own series; the rest are summed as 'other'. */
export const TOP_KEYS = 5;
export const OTHER_KEY = 'other';

async function run(
  db: Queryable,
  sql: string,
  subject: string | number,
  window: SeriesWindow,
  extra: unknown[] = [],
): Promise<BucketValue[]> {
  const { rows } = await db.query<BucketValue>(sql, [subject, window.start, window.end, window.intervalSeconds, ...extra]);
  return rows;
}

/** Gateway requests by status class (1xx counted with 2xx). */
export const requestsByStatus = (db: Queryable, ref: string, window: SeriesWindow) =>
  run(
    db,
    `select ${BUCKET('timestamp')} as bucket,
            case when status < 300 then '2xx' when status < 400 then '3xx' when status < 500 then '4xx' else '5xx' end as key,
            count(*)::float8 as value
     from edge_logs where ref = $1 and timestamp >= $2 and timestamp < $3
     group by 1, 2`,
    ref,
    window,
  );

/** Gateway requests by path, cut after the API and its first segment (`/rest/v1/notes`), the busiest few on their own. */
export const requestsByPath = (db: Queryable, ref: string, window: SeriesWindow) =>
  run(
    db,
    `with e as (
       select ${BUCKET('timestamp')} as bucket, array_to_string((string_to_array(path, '/'))[1:4], '/') as key
       from edge_logs where ref = $1 and timestamp >= $2 and timestamp < $3
     ),
     top as (select key from e group by key order by count(*) desc, key limit $5)
     select bucket, case when key in (select key from top) then key else $6 end as key, count(*)::float8 as value
     from e group by 1, 2`,
    ref,
    window,
    [TOP_KEYS, OTHER_KEY],
  );

/** Storage API requests by what they do. */
export const storageRequests = (db: Queryable, ref: string, window: SeriesWindow) =>
  run(
    db,
    `select ${BUCKET('timestamp')} as bucket,
            case when method in ('GET', 'HEAD') then 'read' when method = 'DELETE' then 'delete' else 'write' end as key,
            count(*)::float8 as value
     from edge_logs where ref = $1 and timestamp >= $2 and timestamp < $3 and (path = '/storage/v1' or path like '/storage/v1/%')
     group by 1, 2`,
    ref,
    window,
  );

/** Password sign-ins: succeeded (logged as 'Login') and refused for wrong credentials. */
export const signIns = (db: Queryable, ref: string, window: SeriesWindow) =>
  run(
    db,
    `select ${BUCKET('timestamp')} as bucket, case when msg = 'Login' then 'succeeded' else 'refused' end as key, count(*)::float8 as value
     from auth_logs
     where ref = $1 and timestamp >= $2 and timestamp < $3 and method = 'POST' and path like '%/token'
       and (msg = 'Login' or error_code = 'invalid_credentials')
     group by 1, 2`,
    ref,
    window,
  );

/** Edge function invocations by function, the busiest few on their own. */
export const functionInvocations = (db: Queryable, ref: string, window: SeriesWindow) =>
  run(
    db,
    `with f as (
       select ${BUCKET('timestamp')} as bucket, slug as key
       from function_edge_logs where ref = $1 and timestamp >= $2 and timestamp < $3
     ),
     top as (select key from f group by key order by count(*) desc, key limit $5)
     select bucket, case when key in (select key from top) then key else $6 end as key, count(*)::float8 as value
     from f group by 1, 2`,
    ref,
    window,
    [TOP_KEYS, OTHER_KEY],
  );

/** Resource samples: which columns, and how a bucket's samples combine. */
const SAMPLE_MEASURES = {
  cpu: [['cpu', 'avg(cpu_percent)']],
  memory: [['memory', 'avg(memory_percent)']],
  disk: [
    ['database', 'max(database_bytes)::float8'],
    ['storage', 'max(storage_bytes)::float8'],
  ],
  connections: [['connections', 'max(connections)::float8']],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;
export type SampleMeasure = keyof typeof SAMPLE_MEASURES;

/**
 * The project's resource samples of the window (resource_sample_history), combined per bucket.
 * The SQL fragments are the constants above; only the parameters come from the request.
 */
export function resourceSamples(db: Queryable, projectId: number, window: SeriesWindow, measure: SampleMeasure): Promise<BucketValue[]> {
  const measures = SAMPLE_MEASURES[measure];
  const aggregates = measures.map(([key, aggregate]) => `${aggregate} as "${key}"`).join(', ');
  const values = measures.map(([key]) => `('${key}', s."${key}"::float8)`).join(', ');
  return run(
    db,
    `select s.bucket, v.key, v.value
     from (
       select ${BUCKET('sampled_at')} as bucket, ${aggregates}
       from resource_sample_history where project_id = $1 and sampled_at >= $2 and sampled_at < $3
       group by 1
     ) s
     cross join lateral (values ${values}) as v (key, value)`,
    projectId,
    window,
  );
}

/** Realtime's usage by minute (realtime_usage_minutes): messages sent summed, the peak of open sockets the largest. */
const REALTIME_MEASURES = {
  messages: 'sum(messages)::float8',
  connections: 'max(peak_connections)::float8',
} as const;
export type RealtimeMeasure = keyof typeof REALTIME_MEASURES;

export const realtimeUsage = (db: Queryable, ref: string, window: SeriesWindow, measure: RealtimeMeasure) =>
  run(
    db,
    `select ${BUCKET('minute')} as bucket, $5::text as key, ${REALTIME_MEASURES[measure]} as value
     from realtime_usage_minutes where ref = $1 and minute >= $2 and minute < $3
     group by 1`,
    ref,
    window,
    [measure],
  );
