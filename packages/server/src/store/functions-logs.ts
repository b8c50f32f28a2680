/** Function invocations (function_edge_logs) and the workers' console output (function_logs), kept as long as the project's log retention says. */
import type { Queryable } from './db.ts';

export interface InvocationEntry {
  at: Date;
  ref: string;
  functionId: string | null;
  slug: string;
  version: number | null;
  executionId: string | null;
  method: string;
  path: string;
  status: number;
  executionTimeMs: number;
  memoryUsedMb: number | null;
  errorCode: string | null;
}

export interface ConsoleEntry {
  at: Date;
  ref: string;
  functionId: string;
  slug: string;
  version: number;
  executionId: string;
  eventType: 'Boot' | 'Log' | 'Shutdown' | 'UncaughtException';
  level: 'log' | 'info' | 'warning' | 'error';
  message: string;
}

const columns = <E, T>(entries: E[], pick: (entry: E) => T) => entries.map(pick);

export async function insertInvocations(db: Queryable, entries: InvocationEntry[]): Promise<void> {
  const c = <T>(pick: (e: InvocationEntry) => T) => columns(entries, pick);
  await db.query(
    `insert into function_edge_logs (timestamp, ref, function_id, slug, version, execution_id, method, path, status, execution_time_ms, memory_used_mb, error_code)
     select * from unnest($1::timestamptz[], $2::text[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::smallint[], $10::real[], $11::real[], $12::text[])`,
    [
      c((e) => e.at),
      c((e) => e.ref),
      c((e) => e.functionId),
      c((e) => e.slug),
      c((e) => e.version),
      c((e) => e.executionId),
      c((e) => e.method),
      c((e) => e.path),
      c((e) => e.status),
      c((e) => e.executionTimeMs),
      c((e) => e.memoryUsedMb),
      c((e) => e.errorCode),
    ],
  );
}

export async function insertConsole(db: Queryable, entries: ConsoleEntry[]): Promise<void> {
  const c = <T>(pick: (e: ConsoleEntry) => T) => columns(entries, pick);
  await db.query(
    `insert into function_logs (timestamp, ref, function_id, slug, version, execution_id, event_type, level, event_message)
     select * from unnest($1::timestamptz[], $2::text[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[])`,
    [
      c((e) => e.at),
      c((e) => e.ref),
      c((e) => e.functionId),
      c((e) => e.slug),
      c((e) => e.version),
      c((e) => e.executionId),
      c((e) => e.eventType),
      c((e) => e.level),
      c((e) => e.message),
    ],
  );
}

/** The newest invocations of a function, newest first (the details page reads these). */
export async function recentInvocations(db: Queryable, ref: string, functionId: string, limit = 100) {
  const { rows } = await db.query(
    `select timestamp, execution_id, method, path, status, execution_time_ms, memory_used_mb, error_code, version
     from function_edge_logs where ref = $1 and function_id = $2 order by timestamp desc limit $3`,
    [ref, functionId, limit],
  );
  return rows;
}

/** The newest console lines of a function, newest first. */
export async function recentConsole(db: Queryable, ref: string, functionId: string, limit = 100) {
  const { rows } = await db.query(
    `select timestamp, execution_id, event_type, level, event_message, version
     from function_logs where ref = $1 and function_id = $2 order by timestamp desc limit $3`,
    [ref, functionId, limit],
  );
  return rows;
}
