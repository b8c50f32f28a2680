import type { PlatformContext } from '../services/context.ts';
import { sampleResources } from '../services/resource-sampler.ts';

/**
 * Samples the resources of every running project every `resourceSampleIntervalMs` (a minute by
 * default). A platform timer rather than a pg-boss schedule: cron stops at one minute, and tests
 * need seconds. A round starts only after the previous one ended. Every platform replica samples
 * the instances it can see; the latest sample of a project wins.
 *
 * The returned function stops the loop and resolves once a round in progress has ended.
 */
export function startResourceSampling(ctx: PlatformContext): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  function schedule(): void {
    timer = setTimeout(() => {
      round = sampleResources(ctx)
        .catch((err: unknown) => ctx.logger.error({ err }, 'resource sampling round failed'))
        .then(() => {
          if (!stopped) schedule();
        });
    }, ctx.config.resourceSampleIntervalMs);
  }
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}
