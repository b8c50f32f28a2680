import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateGitHubConnectionBody,
  ErrorResponse,
  GitHubBranch,
  GitHubConnection,
  GitHubConnectionId,
  GitHubConnectionsQuery,
  UpdateGitHubConnectionBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as github from '../services/branches/github-connections.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['GitHub integration'];
const connectionParams = z.object({ id: GitHubConnectionId });
const branchParams = z.object({ repository_id: z.coerce.number().int().positive(), branch_name: z.string().min(1) });
const GITHUB_FAILED = { 502: json(ErrorResponse, 'GitHub could not be reached or answered with an error') };

/** GitHub connections of an organization's projects and the git branch check (mounted under /api/platform). */
export function githubRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/integrations/github/connections',
        tags,
        request: { query: GitHubConnectionsQuery },
        responses: { 200: json(z.array(GitHubConnection), "The organization's connections, oldest first"), ...ERRORS },
      }),
      async (c) => c.json(await github.listConnections(ctx, c.var.userId, c.req.valid('query').organization_id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/integrations/github/connections',
        tags,
        request: jsonBody(CreateGitHubConnectionBody),
        responses: {
          201: json(GitHubConnection, 'The connection, once GitHub has shown the token sees the repository'),
          ...ERRORS,
          ...GITHUB_FAILED,
        },
      }),
      async (c) => c.json(await github.createConnection(ctx, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/integrations/github/connections/{id}',
        tags,
        request: { params: connectionParams, ...jsonBody(UpdateGitHubConnectionBody) },
        responses: { 200: json(GitHubConnection, 'The updated connection'), ...ERRORS },
      }),
      async (c) => c.json(await github.updateConnection(ctx, c.var.userId, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/integrations/github/connections/{id}',
        tags,
        request: { params: connectionParams },
        responses: { 204: { description: 'Disconnected; the stored token is gone' }, ...ERRORS },
      }),
      async (c) => {
        await github.deleteConnection(ctx, c.var.userId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/integrations/github/repositories/{repository_id}/branches/{branch_name}',
        tags,
        request: { params: branchParams },
        responses: { 200: json(GitHubBranch, 'The branch exists'), ...ERRORS, ...GITHUB_FAILED },
      }),
      async (c) => {
        const { repository_id, branch_name } = c.req.valid('param');
        return c.json(await github.checkBranch(ctx, c.var.userId, repository_id, branch_name), 200);
      },
    );
}
