import type { Queryable } from './db.ts';

/** One request to a project's auth API. */
export interface AuthLogEntry {
  at: Date;
  ref: string;
  level: 'info' | 'warning' | 'error';
  method: string;
  /** Without the query string: redirect targets and tokens stay out of the log. */
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
  msg: string;
  remoteAddr: string;
}

export async function insertMany(db: Queryable, entries: AuthLogEntry[]): Promise<void> {
  const column = <T>(pick: (entry: AuthLogEntry) => T) => entries.map(pick);
  await db.query(
    `insert into auth_logs (timestamp, ref, level, method, path, status, duration_ms, error_code, msg, remote_addr)
     select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::real[], $8::text[], $9::text[], $10::text[])`,
    [
      column((e) => e.at),
      column((e) => e.ref),
      column((e) => e.level),
      column((e) => e.method),
      column((e) => e.path),
      column((e) => e.status),
      column((e) => e.durationMs),
      column((e) => e.errorCode),
      column((e) => e.msg),
      column((e) => e.remoteAddr),
    ],
  );
}
