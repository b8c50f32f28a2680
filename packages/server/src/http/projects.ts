import { createRoute, z } from '@hono/zod-openapi';
import {
  AvailableVersionsBody,
  AvailableVersionsResponse,
  CreateProjectBody,
  OrgSlug,
  Project,
  ProjectRef,
  ProjectStatusResponse,
  UpdateProjectBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as projects from '../services/projects/projects.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const slugParams = z.object({ slug: OrgSlug });
const tags = ['Projects'];

export function projectRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/projects',
        tags,
        request: { params: slugParams },
        responses: { 200: json(z.array(Project), 'Projects of the organization, newest first'), ...ERRORS },
      }),
      async (c) => c.json(await projects.listProjects(ctx, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/organizations/{slug}/available-versions',
        tags,
        request: { params: slugParams, ...jsonBody(AvailableVersionsBody) },
        responses: { 200: json(AvailableVersionsResponse, 'Postgres versions a new project can use'), ...ERRORS },
      }),
      async (c) => c.json(await projects.availableVersions(ctx, c.req.valid('param').slug, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects',
        tags,
        request: jsonBody(CreateProjectBody),
        responses: { 201: json(Project, 'The project, COMING_UP while its instance starts'), ...ERRORS },
      }),
      async (c) => c.json(await projects.createProject(ctx, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}',
        tags,
        request: { params: refParams },
        responses: { 200: json(Project, 'The project'), ...ERRORS },
      }),
      async (c) => c.json(await projects.getProject(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}',
        tags,
        request: { params: refParams, ...jsonBody(UpdateProjectBody) },
        responses: { 200: json(Project, 'The renamed project'), ...ERRORS },
      }),
      async (c) => c.json(await projects.renameProject(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json').name), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/status',
        tags,
        request: { params: refParams },
        responses: { 200: json(ProjectStatusResponse, 'The lifecycle status, polled by the dashboard'), ...ERRORS },
      }),
      async (c) => c.json(await projects.projectStatus(ctx, c.req.valid('param').ref, c.var.userId), 200),
    );
}
