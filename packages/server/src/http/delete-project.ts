import { createRoute, z } from '@hono/zod-openapi';
import { DeletedProject, ErrorResponse, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { deleteProject } from '../services/projects/delete-project.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

export function deleteProjectRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'delete',
      path: '/projects/{ref}',
      tags: ['Projects'],
      request: { params: z.object({ ref: ProjectRef }) },
      responses: {
        200: json(DeletedProject, 'The project is GOING_DOWN; its instance, data, backups and branches are being removed'),
        ...ERRORS,
        409: json(ErrorResponse, 'Already being deleted, or another operation on it is in progress'),
      },
    }),
    async (c) => c.json(await deleteProject(ctx, c.req.valid('param').ref, c.var.userId), 200),
  );
}
