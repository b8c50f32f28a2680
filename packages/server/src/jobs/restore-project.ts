import { LIFECYCLE_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { injectFault } from '../kernel/faults.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import * as pitr from '../store/pitr.ts';
import * as projects from '../store/projects.ts';
import * as upgrades from '../store/upgrades.ts';
import { moveToMajor, settleFailedMove } from './move-to-major.ts';
import type { ProjectJobDefinition } from './project-job.ts';
import { startHealthy } from './start-healthy.ts';

/**
 * Starts a RESTORING project's paused instance, or first moves its data onto the newer major the
 * request recorded (as an upgrade, with progress). After the last attempt the project is
 * RESTORE_FAILED, its instance stopped and its old data intact.
 */
export const restoreProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.restore,
  async run(ctx, row) {
    if (await pitr.runningRestore(ctx.db, row.ref)) return; // a restore to a point (restore-to-point.ts)
    const upgrade = await upgrades.findRunning(ctx.db, row.ref);
    if (upgrade) return moveToMajor(ctx, row, upgrade, 'restore');
    injectFault(ctx, 'restore', 'start');
    await startHealthy(ctx, instanceSpec(row, ctx.box));
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    if (await pitr.runningRestore(ctx.db, row.ref)) return;
    if ((await settleFailedMove(ctx, row.ref, reason)) === 'upgraded') return;
    await ctx.driver.stop(row.ref).catch(() => {});
    await projects.setStatus(ctx.db, row.ref, 'RESTORE_FAILED', LIFECYCLE_MESSAGES.restoreFailed(reason));
  },
};
