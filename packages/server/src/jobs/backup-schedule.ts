import type PgBoss from 'pg-boss';
import { failInterruptedBackups, takeBackup } from '../services/backups/backups.ts';
import { takeBaseBackup } from '../services/backups/pitr.ts';
import type { PlatformContext } from '../kernel/context.ts';
import * as projects from '../store/projects.ts';
import { withRefLock } from '../kernel/ref-lock.ts';

/** Fires once a day and queues one backup job per active project (a base backup where PITR is on). */
export const DAILY_BACKUP_QUEUE = 'backups-daily';
export const PROJECT_BACKUP_QUEUE = 'project-backup';
/** 03:00 UTC: pg-boss sends it once however many platform replicas run. */
export const DAILY_BACKUP_CRON = '0 3 * * *';

/** A backup of a large project takes a while; a failed one is tried again a few minutes later. */
const BACKUP_JOB: PgBoss.SendOptions = { retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 };

/**
 * The daily physical backup of every ACTIVE_HEALTHY project. Call at start, before the lifecycle
 * workers: it first fails the backups a stopped platform left unfinished.
 */
export async function startBackupSchedule(ctx: PlatformContext): Promise<void> {
  await failInterruptedBackups(ctx);
  for (const queue of [DAILY_BACKUP_QUEUE, PROJECT_BACKUP_QUEUE]) await ctx.queue.createQueue(queue);
  await ctx.queue.schedule(DAILY_BACKUP_QUEUE, DAILY_BACKUP_CRON);
  await ctx.queue.work(DAILY_BACKUP_QUEUE, async () => {
    for (const row of await projects.listByStatus(ctx.db, ['ACTIVE_HEALTHY'])) {
      await ctx.queue.send(PROJECT_BACKUP_QUEUE, { ref: row.ref }, BACKUP_JOB);
    }
  });
  await ctx.queue.work<{ ref: string }>(PROJECT_BACKUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await backupIfActive(ctx, job.data.ref);
  });
}

/** Under the project's lock, so that a pause or a delete never stops the instance mid-copy. */
function backupIfActive(ctx: PlatformContext, ref: string): Promise<void> {
  return withRefLock(ref, async () => {
    const row = await projects.findByRef(ctx.db, ref);
    if (row?.status !== 'ACTIVE_HEALTHY') return; // paused or deleted since it was queued
    // With PITR on, the day's backup is also the base of the next day's seconds.
    if (row.pitr_retention_days === null) await takeBackup(ctx, row, 'scheduled');
    else await takeBaseBackup(ctx, row);
  });
}
