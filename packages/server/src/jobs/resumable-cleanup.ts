import type { PlatformContext } from '../kernel/context.ts';
import { removeExpiredUploads } from '../storage/resumable.ts';

export const RESUMABLE_CLEANUP_QUEUE = 'storage-resumable-cleanup';
/** Hourly: an unfinished resumable upload is kept a day, so it goes within 25 hours. */
const RESUMABLE_CLEANUP_CRON = '23 * * * *';

/** Removes the expired, unfinished resumable uploads of every project once an hour. */
export async function startResumableCleanup(ctx: PlatformContext): Promise<void> {
  await ctx.queue.createQueue(RESUMABLE_CLEANUP_QUEUE);
  await ctx.queue.schedule(RESUMABLE_CLEANUP_QUEUE, RESUMABLE_CLEANUP_CRON);
  await ctx.queue.work(RESUMABLE_CLEANUP_QUEUE, async () => {
    const removed = await removeExpiredUploads(ctx);
    if (removed) ctx.logger.info({ removed }, 'expired resumable uploads removed');
  });
}
