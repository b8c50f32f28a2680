import { PROJECT_OPERATIONS } from '@basin/core';
import type { ProjectStatus } from '@basin/core';
import type { InstanceSpec } from '../../instances/types.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import { withRefLock } from '../../kernel/ref-lock.ts';
import * as projects from '../../store/projects.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { instanceSpec } from './project-instance.ts';

/** Statuses whose instance should be running (a failed pause leaves its instance serving). */
const RUNNING: ProjectStatus[] = ['ACTIVE_HEALTHY', 'PAUSE_FAILED'];

/** Specs of the instances that should be running: the health checks keep them up. */
export async function runningInstances(ctx: PlatformContext): Promise<InstanceSpec[]> {
  return (await projects.listByStatus(ctx.db, RUNNING)).map((row) => instanceSpec(row, ctx.box));
}

/**
 * The health checks' restart: under the project's lock, and only if it should still be running,
 * so an instance that a pause or delete stopped since the round began stays stopped.
 */
export function restartIfStillRunning(ctx: PlatformContext) {
  return (spec: InstanceSpec) =>
    withRefLock(spec.ref, async () => {
      const row = await projects.findByRef(ctx.db, spec.ref);
      if (row && RUNNING.includes(row.status)) await ctx.driver.start(spec);
    });
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
  for (const operation of Object.values(PROJECT_OPERATIONS)) {
    for (const row of await projects.listByStatus(ctx.db, [operation.pending]))
      await enqueueProjectJob(ctx, operation.queue, { ref: row.ref });
  }
  if (specs.length) ctx.logger.info({ count: specs.length }, 'project instances running');
}
