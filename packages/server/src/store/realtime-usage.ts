import type { Queryable } from './db.ts';

export interface RealtimeUsageCount {
  ref: string;
  /** A UTC date, `YYYY-MM-DD`. */
  day: string;
  messages: number;
  peakConnections: number;
}

/** Adds messages and raises the day's peak; rows of deleted projects are skipped. */
export async function add(db: Queryable, counts: RealtimeUsageCount[]): Promise<void> {
  await db.query(
    `insert into realtime_usage_daily (ref, day, messages, peak_connections)
     select c.ref, c.day, c.messages, c.peak from unnest($1::text[], $2::date[], $3::bigint[], $4::int[]) as c (ref, day, messages, peak)
     join projects p on p.ref = c.ref
     on conflict (ref, day) do update set messages = realtime_usage_daily.messages + excluded.messages,
       peak_connections = greatest(realtime_usage_daily.peak_connections, excluded.peak_connections)`,
    [counts.map((c) => c.ref), counts.map((c) => c.day), counts.map((c) => c.messages), counts.map((c) => c.peakConnections)],
  );
}

/** Each project's messages and peak connections since `since` (a UTC date). */
export async function since(
  db: Queryable,
  refs: string[],
  since: string,
): Promise<Map<string, { messages: number; peakConnections: number }>> {
  const { rows } = await db.query<{ ref: string; messages: number; peak: number }>(
    `select ref, sum(messages)::float8 as messages, max(peak_connections) as peak
     from realtime_usage_daily where ref = any($1) and day >= $2::date group by ref`,
    [refs, since],
  );
  return new Map(rows.map((row) => [row.ref, { messages: row.messages, peakConnections: row.peak }]));
}
