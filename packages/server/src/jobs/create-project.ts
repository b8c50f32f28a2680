import { MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as branches from '../store/branches.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobDefinition } from './project-job.ts';

/**
 * Makes the instance of a COMING_UP project and marks it ACTIVE_HEALTHY once it answers. The
 * driver's create is idempotent, so a retry or a job re-queued after a platform restart simply
 * finishes the work. After the last attempt the instance is removed and the project is left
 * INIT_FAILED with the reason, never half-made.
 */
export const createProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.create,
  async run(ctx, row) {
    if (await branches.findByRef(ctx.db, row.ref)) return; // a preview branch: create-branch makes it
    const spec = instanceSpec(row, ctx.box);
    await ctx.driver.create(spec);
    if (!(await ctx.driver.isHealthy(spec))) throw new Error('the database did not answer after it started');
    await projects.setStatus(ctx.db, row.ref, 'ACTIVE_HEALTHY');
  },
  async fail(ctx, row, reason) {
    if (await branches.findByRef(ctx.db, row.ref)) return;
    await ctx.driver.remove(row.ref).catch(() => {});
    await projects.setStatus(ctx.db, row.ref, 'INIT_FAILED', MESSAGES.projectCreateFailed(reason));
  },
};
