import { diskAutoscaleBlocked, resourceLevels } from '@basin/core';
import type { ResourceWarning } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import * as disks from '../../store/disks.ts';
import * as projects from '../../store/projects.ts';
import type { ProjectRow } from '../../store/projects.ts';
import * as samples from '../../store/resource-samples.ts';
import { requireOrganization, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { diskGrowthOf } from './disk-autoscale.ts';
import { measureAndEnforce } from './disk-usage.ts';

/** A sample older than a few rounds describes an instance the sampler has lost sight of. */
const FRESH_SAMPLE_ROUNDS = 3;

/** Why a disk past 90% did not grow by itself, if it did not: read against the disk as it is now. */
async function autoscaleBlocked(ctx: PlatformContext, row: ProjectRow, disk: disks.DiskRow, usedBytes: number) {
  return diskAutoscaleBlocked(await diskGrowthOf(ctx, row, disk, usedBytes));
}

/** Disk space measured now (enforcing read-only mode), for a project the sampler has not reached yet. */
async function diskOnlyWarning(ctx: PlatformContext, row: ProjectRow): Promise<ResourceWarning | undefined> {
  const usage = await measureAndEnforce(ctx, row).catch((err: unknown) => {
    ctx.logger.warn({ err, ref: row.ref }, 'disk usage not measured');
    return undefined;
  });
  if (!usage) return undefined;
  const levels = resourceLevels({
    readonly: usage.readonly,
    diskUsedBytes: usage.usedBytes,
    diskSizeGb: usage.disk.attributes.size_gb,
    cpuPercent: null,
    memoryPercent: null,
    diskIoPercent: null,
    authEmails: null,
  });
  return { project: row.ref, ...levels, disk_autoscale_blocked: await autoscaleBlocked(ctx, row, usage.disk, usage.usedBytes) };
}

/**
 * Levels from the project's latest sample (services/resource-sampler.ts), against the disk as it
 * is now, so a grown disk counts at once. Read-only mode is what the platform last enforced.
 */
async function warningFor(ctx: PlatformContext, row: ProjectRow): Promise<ResourceWarning | undefined> {
  if (row.status !== 'ACTIVE_HEALTHY' || row.port === null) return undefined;
  const maxAgeSeconds = (FRESH_SAMPLE_ROUNDS * ctx.config.resourceSampleIntervalMs) / 1000;
  const [sample, disk] = await Promise.all([samples.find(ctx.db, row.id, maxAgeSeconds), disks.find(ctx.db, row.id)]);
  if (!sample) return diskOnlyWarning(ctx, row);
  const levels = resourceLevels({
    readonly: disk.readonly_mode,
    diskUsedBytes: sample.disk_used_bytes,
    diskSizeGb: disk.attributes.size_gb,
    cpuPercent: sample.cpu_percent,
    memoryPercent: sample.memory_percent,
    diskIoPercent: sample.disk_io_percent,
    authEmails: { sentLastHour: sample.auth_emails_last_hour, limitPerHour: sample.auth_email_limit },
  });
  return { project: row.ref, ...levels, disk_autoscale_blocked: await autoscaleBlocked(ctx, row, disk, sample.disk_used_bytes) };
}

/** Warnings of one project (ref) or of every project of an organization (slug), for members only. */
export async function resourceWarnings(
  ctx: PlatformContext,
  userId: string,
  query: { ref?: string | undefined; slug?: string | undefined },
): Promise<ResourceWarning[]> {
  let rows: ProjectRow[];
  if (query.ref) {
    await requireProject(ctx.db, query.ref, userId);
    rows = [(await projects.findByRef(ctx.db, query.ref))!];
  } else if (query.slug) {
    const organization = await requireOrganization(ctx.db, query.slug, userId);
    rows = await projects.listByOrganization(ctx.db, organization.id);
  } else {
    throw badRequest('ref or slug is required');
  }
  const warnings = await Promise.all(rows.map((row) => warningFor(ctx, row)));
  return warnings.filter((warning) => warning !== undefined);
}
