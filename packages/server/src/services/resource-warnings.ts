import { diskSpaceLevel } from '@basin/core';
import type { ResourceWarning } from '@basin/core/schemas';
import { badRequest } from '../http/errors.ts';
import * as projects from '../store/projects.ts';
import type { ProjectRow } from '../store/projects.ts';
import { requireOrganization, requireProject } from './access.ts';
import type { PlatformContext } from './context.ts';
import { measureAndEnforce } from './disk-usage.ts';

/**
 * Disk space is measured on the running instance (and enforces read-only mode as it goes).
 * Disk I/O, CPU, memory and the auth email rate limit are reported as null: Basin does not
 * sample them yet, and a guessed level would raise banners nobody can act on.
 */
async function warningFor(ctx: PlatformContext, row: ProjectRow): Promise<ResourceWarning | undefined> {
  if (row.status !== 'ACTIVE_HEALTHY' || row.port === null) return undefined;
  const usage = await measureAndEnforce(ctx, row).catch((err: unknown) => {
    ctx.logger.warn({ err, ref: row.ref }, 'disk usage not measured');
    return undefined;
  });
  if (!usage) return undefined;
  return {
    project: row.ref,
    is_readonly_mode_enabled: usage.readonly,
    disk_space: diskSpaceLevel(usage.usedBytes, usage.sizeGb),
    disk_io: null,
    cpu: null,
    memory: null,
    auth_email_rate_limit: null,
  };
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
