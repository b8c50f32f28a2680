import { createRoute, z } from '@hono/zod-openapi';
import { ProjectRef, RestHealth } from '@basin/core/schemas';
import type { MiddlewareHandler } from 'hono';
import type { PlatformContext } from '../kernel/context.ts';
import { restHealth } from '../services/api/rest-health.ts';
import { createRouter, ERRORS, json, type AppEnv } from './openapi.ts';

/**
 * The spec's `{host}/projects/{ref}/api/rest` health check, mounted at /api: outside the platform
 * API, so it brings its own session check. 503 while the project's database does not answer.
 */
export function restHealthRoutes(ctx: PlatformContext, requireSession: MiddlewareHandler<AppEnv>) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      middleware: [requireSession] as const,
      path: '/projects/{ref}/api/rest',
      tags: ['Projects'],
      request: { params: z.object({ ref: ProjectRef }) },
      responses: {
        200: json(RestHealth, 'ONLINE: the project answers'),
        ...ERRORS,
        503: json(RestHealth, 'OFFLINE: the project does not answer'),
      },
    }),
    async (c) => {
      const health = await restHealth(ctx, c.req.valid('param').ref, c.var.userId);
      return health.status === 'ONLINE' ? c.json(health, 200) : c.json(health, 503);
    },
  );
}
