import { MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { createBranchWithData, createBranchWithSchema } from '../instances/branch-copy.ts';
import { EmbeddedDriver } from '../instances/index.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceSpec } from '../services/project-instance.ts';
import { cloneProjectFiles } from '../storage/backend.ts';
import * as branches from '../store/branches.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobDefinition } from './project-job.ts';

/**
 * Makes the instance of a COMING_UP preview branch from its parent's: a physical copy of the
 * parent's data (and its stored files), or the parent's schema only. Each attempt starts over, so retries and jobs
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
    const from = { dataDir: dataDirOf(ctx, parent.ref), spec: instanceSpec(parent, ctx.box) };
    const to = { dataDir: dataDirOf(ctx, row.ref), spec };
    if (branch.with_data) {
      await createBranchWithData(ctx.driver, from, to);
      await cloneProjectFiles(ctx, parent.ref, row.ref);
    } else await createBranchWithSchema(ctx.driver, from, to);
    if (!(await ctx.driver.isHealthy(spec))) throw new Error('the database did not answer after it started');
    await projects.setStatus(ctx.db, row.ref, 'ACTIVE_HEALTHY');
  },
  async fail(ctx, row, reason) {
    if (!(await branches.findByRef(ctx.db, row.ref))) return;
    await ctx.driver.remove(row.ref).catch(() => {});
    await projects.setStatus(ctx.db, row.ref, 'INIT_FAILED', MESSAGES.projectCreateFailed(reason));
  },
};

/** Branch copies are physical: they need the embedded driver's data directories. */
function dataDirOf(ctx: PlatformContext, ref: string): string {
  if (!(ctx.driver instanceof EmbeddedDriver)) throw new Error('Preview branches need the embedded instance driver');
  return ctx.driver.dataDir(ref);
}
