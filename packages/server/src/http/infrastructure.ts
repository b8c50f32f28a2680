import { createRoute, z } from '@hono/zod-openapi';
import { InfrastructureResponse, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { infrastructure } from '../services/infrastructure/infrastructure.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

/** What the project runs on: Postgres version, network, compute and disk (the settings/infrastructure page). */
export function infrastructureRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/projects/{ref}/infrastructure',
      tags: ['Infrastructure'],
      request: { params: z.object({ ref: ProjectRef }) },
      responses: {
        200: json(InfrastructureResponse, 'Measured on the instance; those fields are null while it is not running'),
        ...ERRORS,
      },
    }),
    async (c) => c.json(await infrastructure(ctx, c.req.valid('param').ref, c.var.userId), 200),
  );
}
