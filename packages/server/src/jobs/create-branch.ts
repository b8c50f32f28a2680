import { MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { baseBackupFor } from '../services/backups/pitr.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import { cloneProjectFiles } from '../storage/backend.ts';
import * as branches from '../store/branches.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobDefinition } from './project-job.ts';

/**
 * Makes the instance of a COMING_UP preview branch from its parent's: with the parent's data now
 * (the driver's copyFrom) or as it was at a second of its PITR window (recoverToPoint), with its
 * stored files as they are now, or the parent's schema only. Each attempt starts over, so retries and jobs
 * re-queued after a restart are harmless. Projects without a branch row belong to create-project.
 */
export const createBranch: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.createBranch,
  async run(ctx, row) {
    const branch = await branches.findByRef(ctx.db, row.ref);
    if (!branch) return; // a regular project: create-project makes it
    const parent = await projects.findByRef(ctx.db, branch.parent_project_ref);
    if (!parent) throw new Error('the parent project is gone');
    const spec = instanceSpec(row, ctx.box);
    const parentSpec = instanceSpec(parent, ctx.box);
    const target = branch.recovery_time_target;
    if (target) await ctx.driver.recoverToPoint(parentSpec, spec, await baseBackupFor(ctx, parent.ref, target), target);
    else await ctx.driver.copyFrom(parentSpec, spec, { withData: branch.with_data });
    if (branch.with_data) await cloneProjectFiles(ctx, parent.ref, row.ref);
    if (!(await ctx.driver.isHealthy(spec))) throw new Error('the database did not answer after it started');
    await projects.setStatus(ctx.db, row.ref, 'ACTIVE_HEALTHY');
  },
  async fail(ctx, row, reason) {
    if (!(await branches.findByRef(ctx.db, row.ref))) return;
    await ctx.driver.remove(row.ref).catch(() => {});
    await projects.setStatus(ctx.db, row.ref, 'INIT_FAILED', MESSAGES.projectCreateFailed(reason));
  },
};
