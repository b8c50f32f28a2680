/**
 * Sums each finished day of the request logs into project_usage_daily (store/usage-rollups.ts),
 * oldest first, each day in its own transaction. The resource sampler calls it once an hour, so a
 * day is summed within about an hour of its end, long before its logs are pruned (7 days).
 */
import { transaction } from '../store/db.ts';
import * as rollups from '../store/usage-rollups.ts';
import type { PlatformContext } from './context.ts';

export async function rollUpUsage(ctx: PlatformContext): Promise<string[]> {
  const days = await rollups.daysToRollUp(ctx.db);
  for (const day of days) await transaction(ctx.db, (client) => rollups.rollUpDay(client, day));
  return days;
}
