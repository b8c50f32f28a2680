import { PROJECT_OPERATIONS } from '@basin/core';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import * as upgrades from '../store/upgrades.ts';
import { moveToMajor, settleFailedMove } from './move-to-major.ts';
import type { ProjectJobDefinition } from './project-job.ts';

/**
 * Moves an UPGRADING project's data to the major its running upgrade names (see the driver's
 * upgrade for the 8 steps). Each attempt starts from the old data, which the instance keeps
 * serving until step 4. After the last attempt the upgrade is Failed with the reason, and the
 * old instance serves its data again: the project is ACTIVE_HEALTHY on its old major.
 */
export const upgradeProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.upgrade,
  async run(ctx, row) {
    const upgrade = await upgrades.findRunning(ctx.db, row.ref);
    if (upgrade) return moveToMajor(ctx, row, upgrade, 'upgrade');
    await ctx.driver.start(instanceSpec(row, ctx.box)); // nothing to do: serve as before
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    if ((await settleFailedMove(ctx, row.ref, reason)) === 'upgraded') return;
    await ctx.driver.start(instanceSpec(row, ctx.box)).catch(() => {}); // the health checks keep trying
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
};
