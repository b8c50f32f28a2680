/**
 * Sums each finished day of the request logs into project_usage_daily (store/usage-rollups.ts),
 * oldest first, each day in its own transaction. The resource sampler calls it every round (the
 * check is one small query), so a day is summed a minute or two after it ends: before its logs
 * are pruned even at the shortest retention (1 day), but for the minute that pruning may beat it.
 */
import { transaction } from '../../store/db.ts';
import * as rollups from '../../store/usage-rollups.ts';
import type { PlatformContext } from '../../kernel/context.ts';

export async function rollUpUsage(ctx: PlatformContext): Promise<string[]> {
  const days = await rollups.daysToRollUp(ctx.db);
  for (const day of days) await transaction(ctx.db, (client) => rollups.rollUpDay(client, day));
  return days;
}
