import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, ProjectRef, ResetDatabasePasswordBody, ResetDatabasePasswordResponse } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { resetDatabasePassword } from '../services/projects/database-password.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

/** Database → Settings: the members' postgres password (mounted under /api/platform). */
export function databasePasswordRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'patch',
      path: '/projects/{ref}/db-password',
      tags: ['Database settings'],
      request: { params: z.object({ ref: ProjectRef }), ...jsonBody(ResetDatabasePasswordBody) },
      responses: {
        200: json(ResetDatabasePasswordResponse, 'Set on the running instance and stored sealed; the new connection string'),
        ...ERRORS,
        409: json(ErrorResponse, 'The database is not running'),
      },
    }),
    async (c) => c.json(await resetDatabasePassword(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json').password), 200),
  );
}
