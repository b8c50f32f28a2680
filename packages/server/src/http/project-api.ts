import { createRoute, z } from '@hono/zod-openapi';
import { ApiRestDescription, ErrorResponse, PostgrestConfig, ProjectRef, UpdatePostgrestConfigBody } from '@basin/core/schemas';
import { postgrestConfig, restApiDescription, updatePostgrestConfig } from '../services/api/api-docs.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Project API'];

/** The project's API settings (exposed schemas) and its PostgREST-style description. */
export function projectApiRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/config/postgrest',
        tags,
        request: { params: refParams },
        responses: {
          200: json(PostgrestConfig, 'The exposed schemas (comma-separated), the row cap, and whether aggregates and explain() are on'),
          ...ERRORS,
        },
      }),
      async (c) => c.json(await postgrestConfig(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/config/postgrest',
        tags,
        request: { params: refParams, ...jsonBody(UpdatePostgrestConfigBody) },
        responses: { 200: json(PostgrestConfig, 'The settings after the change'), ...ERRORS },
      }),
      async (c) => c.json(await updatePostgrestConfig(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/api/rest',
        tags,
        request: { params: refParams },
        responses: {
          200: json(ApiRestDescription, 'Swagger 2.0 of the exposed schemas: definitions and paths'),
          ...ERRORS,
          409: json(ErrorResponse, 'The project is not running'),
        },
      }),
      async (c) => c.json(await restApiDescription(ctx, c.req.valid('param').ref, c.var.userId), 200),
    );
}
