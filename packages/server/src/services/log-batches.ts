/**
 * Request logs written in batches: a busy project costs one insert per batch, not one per request,
 * and the request never waits on its log line. Events of a project whose log retention is 0 are
 * not written at all (logs/retention.ts); old rows are pruned by one job for every source
 * (jobs/log-retention.ts).
 */
import { keepsLogs } from '../logs/retention.ts';
import type { Queryable } from '../store/db.ts';
import type { PlatformContext } from '../kernel/context.ts';

/** Rows wait this long at most. */
const FLUSH_AFTER_MS = 100;
const BATCH_MAX = 500;

export interface LogTable<T> {
  /** What the rows are, for the platform's own error log. */
  name: string;
  insertMany(db: Queryable, entries: T[]): Promise<void>;
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
    table
      .insertMany(ctx.db, entries)
      .catch((error: unknown) => ctx.logger.error({ err: error, rows: entries.length }, `could not write ${table.name} rows`));
  }

  return (ctx, entry) => {
    if (!keepsLogs(ctx, entry.ref)) return;
    let batch = pending.get(ctx);
    if (!batch) pending.set(ctx, (batch = { entries: [] }));
    batch.entries.push(entry);
    if (batch.entries.length >= BATCH_MAX) flush(ctx);
    else batch.timer ??= setTimeout(() => flush(ctx), FLUSH_AFTER_MS).unref();
  };
}
