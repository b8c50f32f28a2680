import type { InstanceSpec } from '../instances/types.ts';
import type { PlatformContext } from '../kernel/context.ts';

/** Starts the instance and checks that it answers; throws otherwise (the job retries). */
export async function startHealthy(ctx: PlatformContext, spec: InstanceSpec): Promise<void> {
  await ctx.driver.start(spec);
  if (!(await ctx.driver.isHealthy(spec))) throw new Error('the database did not answer after it started');
}
