import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, JwtSecretUpdateStatus, ProjectRef, ProjectSettings } from '@basin/core/schemas';
import { jwtSecretUpdateStatus, projectSettings, rotateJwtSecret } from '../services/api/api-keys.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['API keys'];

/**
 * The project settings entity (URL, JWT secret, anon and service_role keys) and secret rotation.
 * When each key was last used is a log query (logs.all over edge_logs) the dashboard makes itself.
 */
export function apiKeyRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/settings',
        tags,
        request: { params: refParams },
        responses: { 200: json(ProjectSettings, 'The settings; keys and secret only with service_api_keys:read'), ...ERRORS },
      }),
      async (c) => c.json(await projectSettings(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/config/secrets/update-status',
        tags,
        request: { params: refParams },
        responses: { 200: json(JwtSecretUpdateStatus, 'The last JWT secret rotation'), ...ERRORS },
      }),
      async (c) => c.json(await jwtSecretUpdateStatus(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/config/secrets',
        tags,
        request: { params: refParams },
        responses: {
          200: json(JwtSecretUpdateStatus, 'Updated with new keys signed, or Failed with the old secret kept'),
          ...ERRORS,
          409: json(ErrorResponse, 'A rotation is already under way'),
        },
      }),
      async (c) => c.json(await rotateJwtSecret(ctx, c.req.valid('param').ref, c.var.userId), 200),
    );
}
