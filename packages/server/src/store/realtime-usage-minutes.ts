import type { Queryable } from './db.ts';

export interface RealtimeMinuteCount {
  ref: string;
  /** The minute's start. */
  minute: Date;
  messages: number;
  peakConnections: number;
}

/** Adds messages and raises the minute's peak; rows of deleted projects are skipped. */
export async function add(db: Queryable, counts: RealtimeMinuteCount[]): Promise<void> {
  await db.query(
    `insert into realtime_usage_minutes (ref, minute, messages, peak_connections)
     select c.ref, c.minute, c.messages, c.peak
     from unnest($1::text[], $2::timestamptz[], $3::bigint[], $4::int[]) as c (ref, minute, messages, peak)
     join projects p on p.ref = c.ref
     on conflict (ref, minute) do update set messages = realtime_usage_minutes.messages + excluded.messages,
       peak_connections = greatest(realtime_usage_minutes.peak_connections, excluded.peak_connections)`,
    [counts.map((c) => c.ref), counts.map((c) => c.minute), counts.map((c) => c.messages), counts.map((c) => c.peakConnections)],
  );
}

/** Removes the minutes before `before`; answers how many went. */
export async function pruneBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('delete from realtime_usage_minutes where minute < $1', [before]);
  return rowCount ?? 0;
}
