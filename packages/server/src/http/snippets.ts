import { createRoute, z } from '@hono/zod-openapi';
import { CreateSnippetBody, ProjectRef, Snippet, SnippetId, UpdateSnippetBody } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as snippets from '../services/database/snippets.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const snippetParams = z.object({ ref: ProjectRef, id: SnippetId });
const tags = ['SQL snippets'];

/** The SQL editor's saved queries: each member's own, within one project. */
export function snippetRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/snippets',
        tags,
        request: { params: refParams },
        responses: { 200: json(z.array(Snippet), 'The signed-in member’s snippets, last changed first'), ...ERRORS },
      }),
      async (c) => c.json(await snippets.listSnippets(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/snippets',
        tags,
        request: { params: refParams, ...jsonBody(CreateSnippetBody) },
        responses: { 201: json(Snippet, 'The new snippet (name defaults to "Untitled query")'), ...ERRORS },
      }),
      async (c) => c.json(await snippets.createSnippet(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/snippets/{id}',
        tags,
        request: { params: snippetParams },
        responses: { 200: json(Snippet, 'The snippet'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await snippets.getSnippet(ctx, ref, c.var.userId, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/snippets/{id}',
        tags,
        request: { params: snippetParams, ...jsonBody(UpdateSnippetBody) },
        responses: { 200: json(Snippet, 'The renamed or edited snippet'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await snippets.updateSnippet(ctx, ref, c.var.userId, id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/snippets/{id}',
        tags,
        request: { params: snippetParams },
        responses: { 200: json(Snippet, 'The deleted snippet'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await snippets.deleteSnippet(ctx, ref, c.var.userId, id), 200);
      },
    );
}
