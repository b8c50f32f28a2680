import { createRoute, z } from '@hono/zod-openapi';
import { BranchItem, CreateBranchBody, CreatedBranch, ProjectRef } from '@basin/core/schemas';
import * as branches from '../services/branches/branches.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Branches'];

/** Preview branches of a project (mounted under /api/v1). A branch is deleted as a project. */
export function branchRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/branches',
        tags,
        request: { params: refParams, ...jsonBody(CreateBranchBody) },
        responses: { 201: json(CreatedBranch, 'The branch, COMING_UP while its instance is made'), ...ERRORS },
      }),
      async (c) => c.json(await branches.createBranch(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/branches',
        tags,
        request: { params: refParams },
        responses: { 200: json(z.array(BranchItem), 'Branches of the project, oldest first'), ...ERRORS },
      }),
      async (c) => c.json(await branches.listBranches(ctx, c.req.valid('param').ref, c.var.userId), 200),
    );
}
