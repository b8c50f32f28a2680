import { DISK_COOLDOWN_SECONDS, DISK_MESSAGES, diskCooldownRemainingSeconds } from '@basin/core';
import type { DiskResponse, UpdateDiskBody } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import * as disks from '../../store/disks.ts';
import * as projects from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { measureAndEnforce } from './disk-usage.ts';

function toResponse(row: disks.DiskRow): DiskResponse {
  return { attributes: row.attributes, last_modified_at: row.last_modified_at?.toISOString() ?? null };
}

/** Every member may read the disk. */
export async function getDisk(ctx: PlatformContext, ref: string, userId: string): Promise<DiskResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  return toResponse(await disks.find(ctx.db, project.id));
}

/** Stores the new disk (the quota), refused inside the cooldown; a grown disk lifts read-only mode at once. */
export async function updateDisk(ctx: PlatformContext, ref: string, userId: string, body: UpdateDiskBody): Promise<DiskResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'infra.lifecycle:execute', DISK_MESSAGES.updateForbidden);
  if (!(await disks.update(ctx.db, project.id, body.attributes, DISK_COOLDOWN_SECONDS))) {
    const current = await disks.find(ctx.db, project.id);
    const remaining = diskCooldownRemainingSeconds(current.last_modified_at?.toISOString());
    throw badRequest(DISK_MESSAGES.inCooldown(new Date(Date.now() + remaining * 1000).toISOString()));
  }
  const row = await projects.findByRef(ctx.db, ref);
  if (row?.status === 'ACTIVE_HEALTHY' && row.port !== null) {
    await measureAndEnforce(ctx, row).catch((err: unknown) => ctx.logger.warn({ err, ref }, 'disk usage not measured'));
  }
  return toResponse(await disks.find(ctx.db, project.id));
}
