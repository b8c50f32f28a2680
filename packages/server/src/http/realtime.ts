import { createRoute, z } from '@hono/zod-openapi';
import { ProjectRef, RealtimeConfig, UpdateRealtimeConfigBody } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { getRealtimeConfig, updateRealtimeConfig } from '../realtime/settings.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Realtime'];
const refParams = z.object({ ref: ProjectRef });

/** Realtime settings, under /api/platform and /api/v1 (the management API's path). */
export function realtimeConfigRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/config/realtime',
        tags,
        request: { params: refParams },
        responses: {
          200: json(RealtimeConfig, "The project's Realtime limits and whether only private channels may be joined"),
          ...ERRORS,
        },
      }),
      async (c) => c.json(await getRealtimeConfig(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/config/realtime',
        tags,
        description: 'Changes the fields sent. Owners and Administrators. Sockets already open keep their limits until they join again.',
        request: { params: refParams, ...jsonBody(UpdateRealtimeConfigBody) },
        responses: { 200: json(RealtimeConfig, 'The settings after the change'), ...ERRORS },
      }),
      async (c) => c.json(await updateRealtimeConfig(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    );
}
