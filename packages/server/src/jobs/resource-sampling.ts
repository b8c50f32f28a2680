import { repeatRounds } from '../rounds.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { sampleResources } from '../services/infrastructure/resource-sampler.ts';

/**
 * Samples the resources of every running project every `resourceSampleIntervalMs` (a minute by
 * default). A platform timer rather than a pg-boss schedule: cron stops at one minute, and tests
 * need seconds. Every platform replica samples the instances it can see; the latest sample of a
 * project wins. The returned function stops the loop once a round in progress has ended.
 */
export function startResourceSampling(ctx: PlatformContext): () => Promise<void> {
  return repeatRounds(ctx.config.resourceSampleIntervalMs, () =>
    sampleResources(ctx).catch((err: unknown) => ctx.logger.error({ err }, 'resource sampling round failed')),
  );
}
