import type { InstanceSpec } from '../instances/types.ts';
import { PROJECT_JOBS } from '../jobs/index.ts';
import { enqueueProjectJob } from '../jobs/project-job.ts';
import * as projects from '../store/projects.ts';
import type { PlatformContext } from './context.ts';
import { instanceSpec } from './project-instance.ts';

/** Specs of the instances that should be running (a failed pause leaves its instance serving): the health checks keep them up. */
export async function runningInstances(ctx: PlatformContext): Promise<InstanceSpec[]> {
  return (await projects.listByStatus(ctx.db, ['ACTIVE_HEALTHY', 'PAUSE_FAILED'])).map((row) => instanceSpec(row, ctx.box));
}

/**
 * On platform start: instances that should run are started (or adopted when they survived the
 * previous platform process), and lifecycle work cut off by a restart (a project still in a job's
 * pending status) is queued again. The jobs are idempotent, so meeting the expired original
 * later does no harm.
 */
export async function reconcileProjects(ctx: PlatformContext): Promise<void> {
  const specs = await runningInstances(ctx);
  const results = await Promise.allSettled(specs.map((spec) => ctx.driver.start(spec)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      ctx.logger.error({ ref: specs[i]!.ref, reason: String(result.reason) }, 'could not start instance; health checks will retry');
    }
  });
  for (const job of PROJECT_JOBS) {
    for (const row of await projects.listByStatus(ctx.db, [job.pending])) await enqueueProjectJob(ctx, job.queue, { ref: row.ref });
  }
  if (specs.length) ctx.logger.info({ count: specs.length }, 'project instances running');
}
