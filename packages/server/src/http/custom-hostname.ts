import { createRoute, z } from '@hono/zod-openapi';
import { CustomHostname, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { customHostname } from '../services/projects/custom-hostname.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

/** The project's custom domain (mounted under /api/v1). */
export function customHostnameRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/projects/{ref}/custom-hostname',
      tags: ['Custom domains'],
      request: { params: z.object({ ref: ProjectRef }) },
      responses: { 200: json(CustomHostname, '0_not_allowed on the free plan, otherwise 0_no_hostname_configured'), ...ERRORS },
    }),
    async (c) => c.json(await customHostname(ctx, c.req.valid('param').ref, c.var.userId), 200),
  );
}
