import { DISK_COOLDOWN_SECONDS, DISK_MESSAGES, diskCooldownEndsAt } from '@basin/core';
import type { DiskHistoryEntry, DiskResponse, UpdateDiskBody } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import * as disks from '../../store/disks.ts';
import * as projects from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { measureAndEnforce } from './disk-usage.ts';

/** Changes the Compute and Disk page lists: at four a day at most, several days' worth. */
const DISK_HISTORY_LENGTH = 20;

function toResponse(row: disks.DiskRow): DiskResponse {
  return { attributes: row.attributes, last_modified_at: row.last_modified_at?.toISOString() ?? null };
}

/** Every member may read the disk. */
export async function getDisk(ctx: PlatformContext, ref: string, userId: string): Promise<DiskResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  return toResponse(await disks.find(ctx.db, project.id));
}

/** The disk's latest changes, by members and by autoscaling, newest first; every member may read them. */
export async function getDiskHistory(ctx: PlatformContext, ref: string, userId: string): Promise<DiskHistoryEntry[]> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  return (await disks.history(ctx.db, project.id, DISK_HISTORY_LENGTH)).map((change) => ({
    ...change,
    changed_at: change.changed_at.toISOString(),
  }));
}

/** Stores the new disk (the quota), refused inside the cooldown; a grown disk lifts read-only mode at once. */
export async function updateDisk(ctx: PlatformContext, ref: string, userId: string, body: UpdateDiskBody): Promise<DiskResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'infra.lifecycle:execute', DISK_MESSAGES.updateForbidden);
  if (!(await disks.update(ctx.db, project.id, body.attributes, DISK_COOLDOWN_SECONDS, { cause: 'member', usedBytes: null }))) {
    const current = await disks.find(ctx.db, project.id);
    // Refused only inside the cooldown, so it has an end.
    throw badRequest(DISK_MESSAGES.inCooldown(diskCooldownEndsAt(current.last_modified_at?.toISOString())!));
  }
  const row = await projects.findByRef(ctx.db, ref);
  if (row?.status === 'ACTIVE_HEALTHY' && row.port !== null) {
    await measureAndEnforce(ctx, row).catch((err: unknown) => ctx.logger.warn({ err, ref }, 'disk usage not measured'));
  }
  return toResponse(await disks.find(ctx.db, project.id));
}
