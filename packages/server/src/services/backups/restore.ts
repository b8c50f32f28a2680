/**
 * Restore of a paused project: RESTORING, then a job starts its instance again, or moves its data
 * onto a newer major first when one is asked for (recorded like an upgrade, with its progress).
 */
import { randomUUID } from 'node:crypto';
import { LIFECYCLE_MESSAGES, MESSAGES, PROJECT_OPERATIONS, sortVersionsDescending, versionOption } from '@basin/core';
import type { AvailableVersionsResponse, Project, RestoreProjectBody } from '@basin/core/schemas';
import { badRequest, conflict } from '../../kernel/errors.ts';
import type { PostgresMajor } from '../../instances/types.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import { transaction } from '../../store/db.ts';
import * as lifecycle from '../../store/lifecycle.ts';
import * as organizations from '../../store/organizations.ts';
import * as projects from '../../store/projects.ts';
import * as upgrades from '../../store/upgrades.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { checkFreeProjectLimit } from '../projects/free-project-limit.ts';
import { toProject } from '../projects/projects.ts';
import { checkUpgradePossible, newerMajor } from '../infrastructure/upgrades.ts';

/** A paused project, or one whose restore failed (its data is intact, so it may be tried again). */
const { from: RESTORABLE, pending: RESTORING } = PROJECT_OPERATIONS.restore;

/** The newer major to restore onto, or undefined to start the paused instance as it is. */
function restoreTarget(ctx: PlatformContext, current: string, body: RestoreProjectBody): PostgresMajor | undefined {
  if (body.release_channel && body.release_channel !== 'ga') throw badRequest(MESSAGES.versionUnavailable);
  if (!body.postgres_engine || body.postgres_engine === current) return undefined;
  return newerMajor(ctx, current, body.postgres_engine);
}

export async function restoreProject(ctx: PlatformContext, ref: string, userId: string, body: RestoreProjectBody): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.resume:execute', LIFECYCLE_MESSAGES.restoreForbidden);
  const notPaused = conflict(LIFECYCLE_MESSAGES.notPaused(row.status));
  if (!(RESTORABLE as readonly string[]).includes(row.status)) throw notPaused;
  const target = restoreTarget(ctx, row.postgres_major, body);
  await checkFreeProjectLimit(ctx, (await organizations.findForUser(ctx.db, row.organization_slug, userId))!);
  if (target) await checkUpgradePossible(ctx, row.postgres_major);

  await transaction(ctx.db, async (client) => {
    if (!(await lifecycle.transition(client, ref, RESTORABLE, RESTORING))) throw notPaused;
    if (target) await upgrades.insert(client, randomUUID(), ref, target);
  });
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.restore.queue, { ref });
  return toProject(ctx, (await projects.findByRef(ctx.db, ref))!, row.role);
}

/** The project's own major and the newer installed ones, newest first. */
export async function restoreVersions(ctx: PlatformContext, ref: string, userId: string): Promise<AvailableVersionsResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  const options = ctx.driver
    .availableMajors()
    .filter(({ major }) => Number(major) >= Number(row.postgres_major))
    .map(({ major, version }) => versionOption(major, version));
  return { available_versions: sortVersionsDescending(options) };
}
