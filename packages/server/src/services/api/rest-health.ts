import { REST_HEALTH_MESSAGES } from '@basin/core';
import type { RestHealth } from '@basin/core/schemas';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { instanceSpec } from '../projects/project-instance.ts';

/**
 * Whether the project's API layer answers. Basin serves a project's API from its database, so
 * the probe is the driver's own health check (a superuser `select 1`, about 1 s at most: inside
 * the dashboard's 2 s timeout). Project.postgrestStatus is derived from the status instead, so
 * that listing projects never waits on instances.
 */
export async function restHealth(ctx: PlatformContext, ref: string, userId: string): Promise<RestHealth> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  const online = row.port !== null && (await ctx.driver.isHealthy(instanceSpec(row, ctx.box)));
  return online ? { status: 'ONLINE' } : { status: 'OFFLINE', message: REST_HEALTH_MESSAGES.offline };
}
