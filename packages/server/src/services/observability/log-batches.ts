/**
 * Request logs written in batches: a busy project costs one insert per batch, not one per request,
 * and the request never waits on its log line. Events of a project whose log retention is 0 are
 * not written at all (logs/retention.ts); old rows are pruned by one job for every source
 * (jobs/log-retention.ts). Batches mix every project's rows, so one row must never cost the
 * others theirs: text Postgres cannot hold (a NUL a client sent or a function printed) is
 * replaced as the row is queued, and a batch Postgres refuses anyway is split until only the rows
 * it refuses are left out.
 */
import pg from 'pg';
import { storable } from '../../kernel/text.ts';
import { keepsLogs } from '../../logs/retention.ts';
import type { Queryable } from '../../store/db.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** Rows wait this long at most. */
const FLUSH_AFTER_MS = 100;
const BATCH_MAX = 500;

export interface LogTable<T> {
  /** What the rows are, for the platform's own error log. */
  name: string;
  insertMany(db: Queryable, entries: T[]): Promise<void>;
}

/**
 * Writes the rows, halving a batch Postgres refuses until the rows it refuses stand alone (one bad
 * row costs a batch of n about 2·log2(n) inserts); answers how many were left out, with the first
 * error. A batch that could not reach Postgres at all is not split: every half would fail alike.
 */
async function insertSplitting<T>(table: LogTable<T>, db: Queryable, entries: T[]): Promise<{ lost: number; error?: unknown }> {
  try {
    await table.insertMany(db, entries);
    return { lost: 0 };
  } catch (error) {
    if (entries.length === 1 || !(error instanceof pg.DatabaseError)) return { lost: entries.length, error };
    const half = Math.ceil(entries.length / 2);
    const first = await insertSplitting(table, db, entries.slice(0, half));
    const second = await insertSplitting(table, db, entries.slice(half));
    return { lost: first.lost + second.lost, error: first.error ?? second.error };
  }
}

/** A function that queues one entry of `table` for the platform `ctx`; a failed write is logged, never answered. */
export function batchedLog<T extends { ref: string }>(table: LogTable<T>): (ctx: PlatformContext, entry: T) => void {
  const pending = new WeakMap<PlatformContext, { entries: T[]; timer?: NodeJS.Timeout }>();

  function flush(ctx: PlatformContext): void {
    const batch = pending.get(ctx);
    if (!batch?.entries.length) return;
    clearTimeout(batch.timer);
    const entries = batch.entries.splice(0);
    batch.timer = undefined;
    void insertSplitting(table, ctx.db, entries).then(({ lost, error }) => {
      if (lost) ctx.logger.error({ err: error, rows: entries.length, lost }, `could not write ${lost} ${table.name} rows`);
    });
  }

  return (ctx, entry) => {
    if (!keepsLogs(ctx, entry.ref)) return;
    let batch = pending.get(ctx);
    if (!batch) pending.set(ctx, (batch = { entries: [] }));
    batch.entries.push(storable(entry));
    if (batch.entries.length >= BATCH_MAX) flush(ctx);
    else batch.timer ??= setTimeout(() => flush(ctx), FLUSH_AFTER_MS).unref();
  };
}
