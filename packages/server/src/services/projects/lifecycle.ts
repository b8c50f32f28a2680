/** Restart and resize: a healthy project goes RESTARTING or RESIZING and a job does the work. */
import { ADDON_MESSAGES, LIFECYCLE_MESSAGES, pitrRunsOn, PROJECT_OPERATIONS } from '@basin/core';
import { computeSizeOfAddon, type Project, type ResizeProjectBody } from '@basin/core/schemas';
import { badRequest, conflict } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import * as lifecycle from '../../store/lifecycle.ts';
import * as projects from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { toProject } from './projects.ts';

export async function restartProject(ctx: PlatformContext, ref: string, userId: string): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.restartForbidden);
  if (!(await lifecycle.transition(ctx.db, ref, PROJECT_OPERATIONS.restart.from, PROJECT_OPERATIONS.restart.pending))) {
    throw conflict(LIFECYCLE_MESSAGES.notHealthy('restart it', row.status));
  }
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.restart.queue, { ref });
  return toProject(ctx, (await projects.findByRef(ctx.db, ref))!, row.role);
}

/** The new size is stored at once, so a job re-queued after a platform restart applies it too. */
export async function resizeProject(ctx: PlatformContext, ref: string, userId: string, body: ResizeProjectBody): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.resizeForbidden);
  if (row.pitr_retention_days !== null && !pitrRunsOn(computeSizeOfAddon(body.compute))) throw badRequest(ADDON_MESSAGES.pitrComputeNeeded);
  const previous = await lifecycle.startResize(ctx.db, ref, computeSizeOfAddon(body.compute));
  if (!previous) throw conflict(LIFECYCLE_MESSAGES.notHealthy('change its compute size', row.status));
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.resize.queue, { ref, previous });
  return toProject(ctx, (await projects.findByRef(ctx.db, ref))!, row.role);
}
