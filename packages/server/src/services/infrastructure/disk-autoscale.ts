/**
 * Disk autoscaling: where usage is measured (disk-usage.ts), a disk past 90% of its size grows by
 * core's rule (diskGrowth) before read-only mode is decided, so read-only mode is left for a disk
 * that cannot grow. The growth is a disk change like a member's: the same cooldown, the same history.
 */
import { DISK_COOLDOWN_SECONDS, diskGrowth, type DiskGrowth } from '@basin/core';
import type { PlatformContext } from '../../kernel/context.ts';
import * as disks from '../../store/disks.ts';
import * as organizations from '../../store/organizations.ts';
import type { ProjectRow } from '../../store/projects.ts';

/** What core's rule says of this disk at this usage, on the project's plan. */
export async function diskGrowthOf(ctx: PlatformContext, row: ProjectRow, disk: disks.DiskRow, usedBytes: number): Promise<DiskGrowth> {
  // An organization deleted under the sampler leaves a project about to go: nothing grows.
  const plan = (await organizations.planOf(ctx.db, row.organization_id)) ?? 'free';
  return diskGrowth({ sizeGb: disk.attributes.size_gb, usedBytes, plan, lastModifiedAt: disk.last_modified_at?.toISOString() ?? null });
}

/** Grows the disk when the rule says so; the disk as it is afterwards. */
export async function growWhenFull(ctx: PlatformContext, row: ProjectRow, disk: disks.DiskRow, usedBytes: number): Promise<disks.DiskRow> {
  const growth = await diskGrowthOf(ctx, row, disk, usedBytes);
  if (growth.kind !== 'grow') return disk;
  const attributes = { ...disk.attributes, size_gb: growth.sizeGb };
  // Refused when a member's change landed first: theirs stands and starts the cooldown.
  if (await disks.update(ctx.db, row.id, attributes, DISK_COOLDOWN_SECONDS, { cause: 'autoscale', usedBytes })) {
    ctx.logger.info({ ref: row.ref, fromGb: disk.attributes.size_gb, toGb: growth.sizeGb, usedBytes }, 'disk grew automatically');
  }
  return disks.find(ctx.db, row.id);
}
