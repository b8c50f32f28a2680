/** The instances' own log lines (postgres_logs) and how far each project's files have been read. */
import type pg from 'pg';
import type { Queryable } from './db.ts';

export interface PostgresLogEntry {
  at: Date;
  severity: string;
  errorCode: string | null;
  userName: string | null;
  databaseName: string | null;
  query: string | null;
  message: string;
  /** The whole line as JSON (its long strings cut). */
  raw: Record<string, unknown>;
}

export interface LogPosition {
  /** A file name in the instance's log directory. */
  file: string;
  /** Bytes of it already stored: always the end of a line. */
  offset: number;
}

export async function findPosition(db: Queryable, ref: string): Promise<LogPosition | undefined> {
  const { rows } = await db.query<{ file: string; offset: string }>('select file, "offset" from postgres_log_positions where ref = $1', [
    ref,
  ]);
  return rows[0] && { file: rows[0].file, offset: Number(rows[0].offset) };
}

/**
 * Moves the position from `from` (undefined: none yet) to `to`, only if nobody moved it meanwhile
 * (another platform replica reading the same files). Answers whether it moved.
 */
export async function movePosition(client: pg.ClientBase, ref: string, from: LogPosition | undefined, to: LogPosition): Promise<boolean> {
  const { rowCount } = from
    ? await client.query(
        `update postgres_log_positions set file = $2, "offset" = $3, updated_at = now()
         where ref = $1 and file = $4 and "offset" = $5`,
        [ref, to.file, to.offset, from.file, from.offset],
      )
    : await client.query('insert into postgres_log_positions (ref, file, "offset") values ($1, $2, $3) on conflict (ref) do nothing', [
        ref,
        to.file,
        to.offset,
      ]);
  return rowCount === 1;
}

export async function insertMany(db: Queryable, ref: string, entries: PostgresLogEntry[]): Promise<void> {
  if (!entries.length) return;
  const column = <T>(pick: (entry: PostgresLogEntry) => T) => entries.map(pick);
  await db.query(
    `insert into postgres_logs (ref, timestamp, severity, error_code, user_name, database_name, query, message, raw)
     select $1, * from unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[])`,
    [
      ref,
      column((e) => e.at),
      column((e) => e.severity),
      column((e) => e.errorCode),
      column((e) => e.userName),
      column((e) => e.databaseName),
      column((e) => e.query),
      column((e) => e.message),
      column((e) => JSON.stringify(e.raw)),
    ],
  );
}
