import { createRoute, z } from '@hono/zod-openapi';
import { DiskHistoryEntry, DiskResponse, ProjectRef, ResourceWarning, ResourceWarningsQuery, UpdateDiskBody } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { getDisk, getDiskHistory, updateDisk } from '../services/infrastructure/disk.ts';
import { resourceWarnings } from '../services/infrastructure/resource-warnings.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Compute and disk'];

/** The project's disk (size is its quota), its history, and the resource warnings measured on running instances. */
export function diskRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/disk',
        tags,
        request: { params: refParams },
        responses: { 200: json(DiskResponse, 'The disk attributes and the time of the last change'), ...ERRORS },
      }),
      async (c) => c.json(await getDisk(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/disk',
        tags,
        request: { params: refParams, ...jsonBody(UpdateDiskBody) },
        responses: { 200: json(DiskResponse, 'The new disk attributes'), ...ERRORS },
      }),
      async (c) => c.json(await updateDisk(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/disk/history',
        tags,
        request: { params: refParams },
        responses: {
          200: json(z.array(DiskHistoryEntry), 'The latest disk changes, by members and by autoscaling, newest first'),
          ...ERRORS,
        },
      }),
      async (c) => c.json(await getDiskHistory(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects-resource-warnings',
        tags,
        request: { query: ResourceWarningsQuery },
        responses: { 200: json(z.array(ResourceWarning), 'One entry per running project'), ...ERRORS },
      }),
      async (c) => c.json(await resourceWarnings(ctx, c.var.userId, c.req.valid('query')), 200),
    );
}
