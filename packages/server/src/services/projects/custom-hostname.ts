import { customHostnameStatusForPlan } from '@basin/core';
import type { CustomHostname } from '@basin/core/schemas';
import { requireOrganization, requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/**
 * The project's custom hostname: refused on the free plan, otherwise never configured, since a
 * self-hosted Basin can neither issue certificates nor publish DNS records for one.
 */
export async function customHostname(ctx: PlatformContext, ref: string, userId: string): Promise<CustomHostname> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  const organization = await requireOrganization(ctx.db, project.organization_slug, userId);
  return { status: customHostnameStatusForPlan(organization.plan_id), customDomain: null };
}
