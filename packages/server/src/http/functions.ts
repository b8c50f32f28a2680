import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateSecretsBody,
  DeleteSecretsBody,
  EdgeFunction,
  EdgeFunctionList,
  FunctionSlug,
  ProjectRef,
  SecretList,
  UpdateFunctionBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as functions from '../services/functions/functions.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const slugParams = z.object({ ref: ProjectRef, function_slug: FunctionSlug });
const tags = ['Edge Functions'];

/**
 * The management API of edge functions and their secrets, as the Supabase CLI calls it (mounted
 * under /api/v1; the multipart deploy is in functions-deploy.ts), with a personal access token
 * or a dashboard session.
 */
export function functionRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/functions',
        tags,
        request: { params: refParams },
        responses: { 200: json(EdgeFunctionList, 'The project’s functions, oldest first'), ...ERRORS },
      }),
      async (c) => c.json(await functions.listFunctions(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/functions/{function_slug}',
        tags,
        request: { params: slugParams },
        responses: { 200: json(EdgeFunction, 'The function and its current version'), ...ERRORS },
      }),
      async (c) => {
        const { ref, function_slug } = c.req.valid('param');
        return c.json(await functions.getFunction(ctx, ref, function_slug, c.var.userId), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/functions/{function_slug}',
        tags,
        request: { params: slugParams, ...jsonBody(UpdateFunctionBody) },
        responses: { 200: json(EdgeFunction, 'The function after the change'), ...ERRORS },
      }),
      async (c) => {
        const { ref, function_slug } = c.req.valid('param');
        return c.json(await functions.updateFunction(ctx, ref, function_slug, c.var.userId, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/functions/{function_slug}',
        tags,
        request: { params: slugParams },
        responses: { 200: json(z.object({}), 'Deleted with all its versions'), ...ERRORS },
      }),
      async (c) => {
        const { ref, function_slug } = c.req.valid('param');
        await functions.deleteFunction(ctx, ref, function_slug, c.var.userId);
        return c.json({}, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/functions/{function_slug}/body',
        tags,
        request: { params: slugParams },
        responses: {
          200: {
            content: { 'multipart/form-data': { schema: z.object({ metadata: z.string(), file: z.array(z.string()) }) } },
            description: 'The current version as a deploy sends it: a metadata part (JSON) and one file part per file, named by its path',
          },
          ...ERRORS,
        },
      }),
      async (c) => {
        const { ref, function_slug } = c.req.valid('param');
        const body = await functions.functionBody(ctx, ref, function_slug, c.var.userId);
        const form = new FormData();
        form.append('metadata', JSON.stringify(body.metadata));
        for (const file of body.files) form.append('file', new Blob([new Uint8Array(file.content)]), file.path);
        return new Response(form, { status: 200 }) as never;
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/secrets',
        tags,
        request: { params: refParams },
        responses: { 200: json(SecretList, 'Names with the SHA-256 digest of each value (values are never answered)'), ...ERRORS },
      }),
      async (c) => c.json(await functions.listSecrets(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/secrets',
        tags,
        request: { params: refParams, ...jsonBody(CreateSecretsBody) },
        responses: { 201: { description: 'Set (created or replaced); running functions get them on their next request' }, ...ERRORS },
      }),
      async (c) => {
        await functions.setSecrets(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json'));
        return c.body(null, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/secrets',
        tags,
        request: { params: refParams, ...jsonBody(DeleteSecretsBody) },
        responses: { 200: json(z.object({}), 'Removed (names that do not exist are ignored)'), ...ERRORS },
      }),
      async (c) => {
        await functions.deleteSecrets(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json'));
        return c.json({}, 200);
      },
    );
}
