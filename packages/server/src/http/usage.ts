import { createRoute, z } from '@hono/zod-openapi';
import { OrganizationUsage, OrgSlug, ProjectRef, ProjectUsage } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { organizationUsage, projectUsage } from '../services/observability/usage.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const tags = ['Usage'];

/** This month's usage of a project and of an organization, against the plan's quotas. */
export function usageRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/usage',
        tags,
        request: { params: z.object({ ref: ProjectRef }) },
        responses: { 200: json(ProjectUsage, 'The project’s usage this month'), ...ERRORS },
      }),
      async (c) => c.json(await projectUsage(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/usage',
        tags,
        request: { params: z.object({ slug: OrgSlug }) },
        responses: { 200: json(OrganizationUsage, 'The organization’s usage this month, its projects together and each'), ...ERRORS },
      }),
      async (c) => c.json(await organizationUsage(ctx, c.req.valid('param').slug, c.var.userId), 200),
    );
}
