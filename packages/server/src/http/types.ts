import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, ProjectRef, TypescriptTypes, TypesQuery } from '@basin/core/schemas';
import { typescriptTypes } from '../services/api/api-docs.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

/** `GET /v1/projects/{ref}/types/typescript?included_schemas=a,b` → { types }. */
export function typesRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/projects/{ref}/types/typescript',
      tags: ['Database introspection'],
      request: { params: z.object({ ref: ProjectRef }), query: TypesQuery },
      responses: {
        200: json(TypescriptTypes, 'The supabase-js Database type of the schemas (default public)'),
        ...ERRORS,
        409: json(ErrorResponse, 'The project is not running'),
      },
    }),
    async (c) => c.json(await typescriptTypes(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('query').included_schemas), 200),
  );
}
