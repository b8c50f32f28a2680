import type PgBoss from 'pg-boss';
import type { PlatformContext } from './context.ts';

export interface ProjectJobData {
  ref: string;
  [key: string]: unknown;
}

/** Two retries a second apart; an attempt cut off by a crash expires after two minutes. */
const LIFECYCLE_JOB: PgBoss.SendOptions = { retryLimit: 2, retryDelay: 1, expireInSeconds: 120 };

/**
 * Queues a lifecycle job (its queue from core's PROJECT_OPERATIONS); the jobs/ workers take it.
 * A job that may run longer than two minutes says how long (`expireInSeconds`).
 */
export async function enqueueProjectJob(
  ctx: Pick<PlatformContext, 'queue'>,
  queue: string,
  data: ProjectJobData,
  options: Pick<PgBoss.SendOptions, 'expireInSeconds'> = {},
): Promise<void> {
  await ctx.queue.send(queue, data, { ...LIFECYCLE_JOB, ...options });
}
