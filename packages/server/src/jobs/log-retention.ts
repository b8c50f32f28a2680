import type { PlatformContext } from '../kernel/context.ts';
import { pruneExpired } from '../store/log-retention.ts';

export const LOG_PRUNE_QUEUE = 'logs-prune';
/** Hourly: pg-boss sends it once however many platform replicas run. */
const LOG_PRUNE_CRON = '41 * * * *';

/**
 * The one prune of every log source (edge, postgres, auth, function invocations and output): each
 * project's rows older than its retention (logs/retention.ts) go, in short batches.
 */
export async function startLogPruning(ctx: PlatformContext): Promise<void> {
  await ctx.queue.createQueue(LOG_PRUNE_QUEUE);
  await ctx.queue.schedule(LOG_PRUNE_QUEUE, LOG_PRUNE_CRON);
  await ctx.queue.work(LOG_PRUNE_QUEUE, async () => {
    const removed = await pruneExpired(ctx.db);
    if (Object.values(removed).some((count) => count > 0)) ctx.logger.info({ removed }, 'expired log rows removed');
  });
}
