import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, PauseStatusResponse, Project, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import * as pause from '../services/projects/pause.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Projects'];

export function pauseRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/pause',
        tags,
        request: { params: refParams },
        responses: {
          202: json(Project, 'The project, PAUSING until its instance is stopped and backed up'),
          ...ERRORS,
          409: json(ErrorResponse, 'The project is not ACTIVE_HEALTHY'),
        },
      }),
      async (c) => c.json(await pause.pauseProject(ctx, c.req.valid('param').ref, c.var.userId), 202),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/pause/status',
        tags,
        request: { params: refParams },
        responses: { 200: json(PauseStatusResponse, 'How long the paused project can still be restored'), ...ERRORS },
      }),
      async (c) => c.json(await pause.pauseStatus(ctx, c.req.valid('param').ref, c.var.userId), 200),
    );
}
