/**
 * What Realtime keeps a while only:
 * - `realtime.messages` in each project's database: every `realtime.send` and
 *   `realtime.broadcast_changes` leaves a row there, which Supabase keeps a few days (its table is
 *   partitioned by day, the old partitions dropped). Here the rows older than
 *   REALTIME_MESSAGES_RETENTION_DAYS are deleted, in short batches, as the superuser, in every
 *   running project; a project whose disk is full (read-only) is skipped until it is not;
 * - the platform's usage by minute (realtime_usage_minutes), past the reports' longest range.
 * Hourly, through pg-boss: one replica does it however many run.
 */
import { REPORT_RANGE_SECONDS } from '@basin/core';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as projects from '../store/projects.ts';
import * as usageMinutes from '../store/realtime-usage-minutes.ts';

export const REALTIME_PRUNE_QUEUE = 'realtime-prune';
const REALTIME_PRUNE_CRON = '17 * * * *';

/** How long a message of realtime.messages is kept, in days (Supabase keeps a few). */
export const REALTIME_MESSAGES_RETENTION_DAYS = 3;
/** Rows deleted by one statement: each batch holds its locks briefly. */
const BATCH = 10_000;
const ADMIN_TIMEOUT_MS = 60_000;
/** The minutes the reports can still show, and a day more. */
const USAGE_MINUTES_KEPT_MS = (Math.max(...Object.values(REPORT_RANGE_SECONDS)) + 24 * 60 * 60) * 1000;

/** Postgres refused a write: the database is read-only (its disk full), or the table is not there. */
const SKIPPED_CODES = new Set(['25006', '42P01', '3F000']);

/**
 * Deletes the project's messages inserted before the retention window. `inserted_at` is a
 * timestamp without time zone written with the server's own clock and zone, so the window is
 * measured with them too.
 */
async function pruneProjectMessages(ctx: PlatformContext, row: projects.ProjectRow, retentionDays: number): Promise<number> {
  return ctx.driver.adminSession(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
    let removed = 0;
    for (;;) {
      const { rowCount } = await client.query(
        `delete from realtime.messages where id in (
           select id from realtime.messages where inserted_at < localtimestamp - make_interval(days => $1) limit $2)`,
        [retentionDays, BATCH],
      );
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < BATCH) return removed;
    }
  });
}

/** Prunes every running project's realtime.messages; answers how many rows went, by project. */
export async function pruneRealtimeMessages(
  ctx: PlatformContext,
  retentionDays = REALTIME_MESSAGES_RETENTION_DAYS,
): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const row of await projects.listByStatus(ctx.db, ['ACTIVE_HEALTHY'])) {
    if (row.port === null) continue;
    try {
      const count = await pruneProjectMessages(ctx, row, retentionDays);
      if (count) removed[row.ref] = count;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !SKIPPED_CODES.has(code)) ctx.logger.warn({ err, ref: row.ref }, 'realtime messages not pruned');
    }
  }
  return removed;
}

export async function pruneRealtime(ctx: PlatformContext): Promise<void> {
  const removed = await pruneRealtimeMessages(ctx);
  if (Object.keys(removed).length) ctx.logger.info({ removed }, 'old realtime messages removed');
  await usageMinutes.pruneBefore(ctx.db, new Date(Date.now() - USAGE_MINUTES_KEPT_MS));
}

export async function startRealtimePruning(ctx: PlatformContext): Promise<void> {
  await ctx.queue.createQueue(REALTIME_PRUNE_QUEUE);
  await ctx.queue.schedule(REALTIME_PRUNE_QUEUE, REALTIME_PRUNE_CRON);
  await ctx.queue.work(REALTIME_PRUNE_QUEUE, () => pruneRealtime(ctx));
}
