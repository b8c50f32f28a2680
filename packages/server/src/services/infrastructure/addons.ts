/**
 * Project add-ons: the compute size seen as the compute_instance add-on (core's rules/addons).
 * Choosing or removing one is a resize, so it shares resizeProject's permission, status check and job.
 */
import {
  ADDON_MESSAGES,
  AVAILABLE_ADDONS,
  computeAddonId,
  DEFAULT_COMPUTE_SIZE,
  LIFECYCLE_MESSAGES,
  requestedComputeSize,
  selectedAddons,
  selectedComputeAddon,
  type ComputeSizeId,
} from '@basin/core';
import type { ProjectAddonsResponse, UpdateAddonBody } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { resizeProject } from '../projects/lifecycle.ts';

const addonsOf = (ref: string, size: ComputeSizeId): ProjectAddonsResponse => ({
  ref,
  selected_addons: selectedAddons(size),
  available_addons: [...AVAILABLE_ADDONS],
});

export async function getProjectAddons(ctx: PlatformContext, ref: string, userId: string): Promise<ProjectAddonsResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  return addonsOf(row.ref, row.compute_size);
}

/** Resizes the project to `size`; the answer already shows the size the project is moving to. */
async function resizeTo(ctx: PlatformContext, ref: string, userId: string, size: ComputeSizeId): Promise<ProjectAddonsResponse> {
  await resizeProject(ctx, ref, userId, { compute: computeAddonId(size) });
  return addonsOf(ref, size);
}

/** The permission comes first, so members without it learn that before anything about their input. */
async function requireResizePermission(ctx: PlatformContext, ref: string, userId: string) {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.resizeForbidden);
  return row;
}

export async function selectAddon(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: UpdateAddonBody,
): Promise<ProjectAddonsResponse> {
  await requireResizePermission(ctx, ref, userId);
  const request = requestedComputeSize(body.addon_type, body.addon_variant);
  if ('error' in request) throw badRequest(request.error);
  return resizeTo(ctx, ref, userId, request.size);
}

/** Removing the selected compute add-on takes the project back to the default size. */
export async function removeAddon(ctx: PlatformContext, ref: string, userId: string, variant: string): Promise<ProjectAddonsResponse> {
  const row = await requireResizePermission(ctx, ref, userId);
  if (variant !== selectedComputeAddon(row.compute_size)) throw badRequest(ADDON_MESSAGES.notSelected(variant));
  return resizeTo(ctx, ref, userId, DEFAULT_COMPUTE_SIZE);
}
