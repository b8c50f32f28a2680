import { type ComputeSizeId, instanceSettings, LIFECYCLE_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { COMPUTE_ADDON_PREFIX } from '@basin/core/schemas';
import { injectFault } from '../kernel/faults.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import { reasonOf, type ProjectJobData, type ProjectJobDefinition } from './project-job.ts';
import { startHealthy } from './start-healthy.ts';

export interface ResizeJobData extends ProjectJobData {
  /** The size before the request; absent when the job was re-queued after a platform restart. */
  previous?: ComputeSizeId;
}

const addon = (size: ComputeSizeId) => `${COMPUTE_ADDON_PREFIX}${size}`;

/**
 * Restarts the instance with the settings of the size the request stored. If it will not start
 * with them (settings this machine cannot give), the project goes back to its previous size and
 * settings, and says so in status_message.
 */
export const resizeProject: ProjectJobDefinition<ResizeJobData> = {
  ...PROJECT_OPERATIONS.resize,
  async run(ctx, row, { previous }) {
    const spec = instanceSpec(row, ctx.box);
    await ctx.driver.stop(row.ref);
    try {
      injectFault(ctx, 'resize', 'start');
      await startHealthy(ctx, spec);
    } catch (error) {
      if (!previous || previous === row.compute_size) throw error;
      await ctx.driver.stop(row.ref);
      await lifecycle.setComputeSize(ctx.db, row.ref, previous);
      await startHealthy(ctx, { ...spec, settings: instanceSettings(previous) });
      await lifecycle.markHealthy(
        ctx.db,
        row.ref,
        LIFECYCLE_MESSAGES.resizeRolledBack(addon(row.compute_size), addon(previous), reasonOf(error)),
      );
      return;
    }
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    await lifecycle.markHealthy(ctx.db, row.ref, LIFECYCLE_MESSAGES.resizeFailed(addon(row.compute_size), reason));
  },
};
