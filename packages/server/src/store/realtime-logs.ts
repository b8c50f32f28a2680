import type { Queryable } from './db.ts';

/** One thing Realtime did for a project: a socket, a channel join, refusal or shutdown. */
export interface RealtimeLogEntry {
  at: Date;
  ref: string;
  level: 'info' | 'warning' | 'error';
  eventType: 'Connect' | 'Disconnect' | 'Join' | 'JoinRefused' | 'Leave' | 'ChannelShutdown';
  topic: string | null;
  role: string | null;
  msg: string;
}

export async function insertMany(db: Queryable, entries: RealtimeLogEntry[]): Promise<void> {
  const column = <T>(pick: (entry: RealtimeLogEntry) => T) => entries.map(pick);
  await db.query(
    `insert into realtime_logs (timestamp, ref, level, event_type, topic, role, msg)
     select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
    [
      column((e) => e.at),
      column((e) => e.ref),
      column((e) => e.level),
      column((e) => e.eventType),
      column((e) => e.topic),
      column((e) => e.role),
      column((e) => e.msg),
    ],
  );
}
