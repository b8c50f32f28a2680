/**
 * Project add-ons (core's rules/addons): the compute size seen as the compute_instance add-on, and
 * point in time recovery. Choosing or removing a compute size is a resize, so it shares
 * resizeProject's permission, status check and job; turning PITR on or off restarts the instance
 * with or without WAL archiving (the restart job), while changing its window only changes retention.
 */
import {
  ADDON_MESSAGES,
  AVAILABLE_ADDONS,
  BILLING_MESSAGES,
  computeAddonId,
  DEFAULT_COMPUTE_SIZE,
  LIFECYCLE_MESSAGES,
  parsePitrAddon,
  pitrAddonId,
  pitrAllowed,
  PROJECT_OPERATIONS,
  requestedAddon,
  selectedAddons,
  selectedComputeAddon,
  type ComputeSizeId,
  type PitrRetentionDays,
} from '@basin/core';
import type { ProjectAddonsResponse, UpdateAddonBody } from '@basin/core/schemas';
import { badRequest, conflict } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import { transaction } from '../../store/db.ts';
import * as lifecycle from '../../store/lifecycle.ts';
import * as organizations from '../../store/organizations.ts';
import * as pitr from '../../store/pitr.ts';
import * as projects from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { resizeProject } from '../projects/lifecycle.ts';

type AddonsRow = Pick<projects.ProjectRow, 'ref' | 'compute_size' | 'pitr_retention_days'>;

const addonsOf = (row: AddonsRow): ProjectAddonsResponse => ({
  ref: row.ref,
  selected_addons: selectedAddons(row.compute_size, row.pitr_retention_days),
  available_addons: [...AVAILABLE_ADDONS],
});

export async function getProjectAddons(ctx: PlatformContext, ref: string, userId: string): Promise<ProjectAddonsResponse> {
  return addonsOf(await requireProject(ctx.db, ref, userId));
}

/** Resizes the project to `size`; the answer already shows the size the project is moving to. */
async function resizeTo(ctx: PlatformContext, row: AddonsRow, userId: string, size: ComputeSizeId): Promise<ProjectAddonsResponse> {
  await resizeProject(ctx, row.ref, userId, { compute: computeAddonId(size) });
  return addonsOf({ ...row, compute_size: size });
}

/** The permission comes first, so members without it learn that before anything about their input. */
async function requireResizePermission(ctx: PlatformContext, ref: string, userId: string) {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.resizeForbidden);
  return row;
}

async function requirePitrPermission(ctx: PlatformContext, ref: string, userId: string) {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'billing.subscriptions:write', BILLING_MESSAGES.noWritePermission);
  return row;
}

/**
 * Stores the PITR window (null: off). Turning it on or off restarts the instance (RESTARTING until
 * the job is done); a new window on a project that archives already takes effect at once.
 */
async function setPitr(ctx: PlatformContext, row: AddonsRow, days: PitrRetentionDays | null): Promise<ProjectAddonsResponse> {
  if ((row.pitr_retention_days === null) === (days === null)) {
    await pitr.setRetention(ctx.db, row.ref, days);
    return addonsOf({ ...row, pitr_retention_days: days });
  }
  const { from, pending, queue } = PROJECT_OPERATIONS.restart; // its job applies archiving and takes the first base backup
  await transaction(ctx.db, async (client) => {
    const current = await projects.findByRef(client, row.ref);
    if (!(await lifecycle.transition(client, row.ref, from, pending)))
      throw conflict(LIFECYCLE_MESSAGES.notHealthy('change point in time recovery', current?.status ?? 'gone'));
    await pitr.setRetention(client, row.ref, days, days === null ? undefined : 'now');
  });
  await enqueueProjectJob(ctx, queue, { ref: row.ref });
  return addonsOf({ ...row, pitr_retention_days: days });
}

export async function selectAddon(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: UpdateAddonBody,
): Promise<ProjectAddonsResponse> {
  const row = body.addon_type === 'pitr' ? await requirePitrPermission(ctx, ref, userId) : await requireResizePermission(ctx, ref, userId);
  const request = requestedAddon(body.addon_type, body.addon_variant);
  if ('error' in request) throw badRequest(request.error);
  if ('pitrDays' in request) {
    const organization = await organizations.findForUser(ctx.db, row.organization_slug, userId);
    const allowed = pitrAllowed(organization!.plan_id, row.compute_size);
    if ('error' in allowed) throw badRequest(allowed.error);
    return setPitr(ctx, row, request.pitrDays);
  }
  return resizeTo(ctx, row, userId, request.size);
}

/** Removing the compute add-on takes the project back to the default size; removing PITR turns it off. */
export async function removeAddon(ctx: PlatformContext, ref: string, userId: string, variant: string): Promise<ProjectAddonsResponse> {
  if (parsePitrAddon(variant) !== null) {
    const row = await requirePitrPermission(ctx, ref, userId);
    if (row.pitr_retention_days === null || pitrAddonId(row.pitr_retention_days) !== variant)
      throw badRequest(ADDON_MESSAGES.notSelected(variant));
    return setPitr(ctx, row, null);
  }
  const row = await requireResizePermission(ctx, ref, userId);
  if (variant !== selectedComputeAddon(row.compute_size)) throw badRequest(ADDON_MESSAGES.notSelected(variant));
  return resizeTo(ctx, row, userId, DEFAULT_COMPUTE_SIZE);
}
