import { createRoute, z } from '@hono/zod-openapi';
import {
  AvailableVersionsResponse,
  ErrorResponse,
  MemberAtFreeProjectLimit,
  OrgSlug,
  Project,
  ProjectRef,
  ResizeProjectBody,
  RestoreProjectBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { membersReachedFreeProjectLimit } from '../services/projects/free-project-limit.ts';
import { resizeProject, restartProject } from '../services/projects/lifecycle.ts';
import { restoreProject, restoreVersions } from '../services/backups/restore.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Project lifecycle'];
const LIFECYCLE_ERRORS = { ...ERRORS, 409: json(ErrorResponse, 'The project is not in a status that allows this') } as const;

/** Restart, resize and restore under /platform; each answers 202 with the project in its pending status. */
export function lifecycleRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/restart',
        tags,
        request: { params: refParams },
        responses: { 202: json(Project, 'The project, RESTARTING'), ...LIFECYCLE_ERRORS },
      }),
      async (c) => c.json(await restartProject(ctx, c.req.valid('param').ref, c.var.userId), 202),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/resize',
        tags,
        request: { params: refParams, ...jsonBody(ResizeProjectBody) },
        responses: { 202: json(Project, 'The project, RESIZING, with its new compute size'), ...LIFECYCLE_ERRORS },
      }),
      async (c) => c.json(await resizeProject(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 202),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/restore',
        tags,
        request: { params: refParams, ...jsonBody(RestoreProjectBody) },
        responses: { 202: json(Project, 'The project, RESTORING'), ...LIFECYCLE_ERRORS },
      }),
      async (c) => c.json(await restoreProject(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 202),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/restore/versions',
        tags,
        request: { params: refParams },
        responses: { 200: json(AvailableVersionsResponse, "The project's major and the newer installed ones, newest first"), ...ERRORS },
      }),
      async (c) => c.json(await restoreVersions(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/members/reached-free-project-limit',
        tags,
        request: { params: z.object({ slug: OrgSlug }) },
        responses: { 200: json(z.array(MemberAtFreeProjectLimit), 'Owners and Administrators already at the free plan limit'), ...ERRORS },
      }),
      async (c) => c.json(await membersReachedFreeProjectLimit(ctx, c.req.valid('param').slug, c.var.userId), 200),
    );
}
