import { createRoute, z } from '@hono/zod-openapi';
import { AddonVariantParams, ErrorResponse, ProjectAddonsResponse, ProjectRef, UpdateAddonBody } from '@basin/core/schemas';
import { getProjectAddons, removeAddon, selectAddon } from '../services/infrastructure/addons.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Project add-ons'];
const CHANGE_ERRORS = { ...ERRORS, 409: json(ErrorResponse, 'The project is not healthy, so it cannot be resized') } as const;

/** The project's add-ons; choosing or removing the compute add-on starts a resize (202, the project RESIZING). */
export function addonRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/billing/addons',
        tags,
        request: { params: refParams },
        responses: { 200: json(ProjectAddonsResponse, 'The selected add-ons and every variant per type'), ...ERRORS },
      }),
      async (c) => c.json(await getProjectAddons(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/billing/addons',
        tags,
        request: { params: refParams, ...jsonBody(UpdateAddonBody) },
        responses: {
          202: json(ProjectAddonsResponse, 'The add-ons with the chosen compute size; the resize has started'),
          ...CHANGE_ERRORS,
        },
      }),
      async (c) => c.json(await selectAddon(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 202),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/billing/addons/{addon_variant}',
        tags,
        request: { params: AddonVariantParams },
        responses: {
          202: json(ProjectAddonsResponse, 'The add-ons without it; the resize back to the default size has started'),
          ...CHANGE_ERRORS,
        },
      }),
      async (c) => {
        const { ref, addon_variant } = c.req.valid('param');
        return c.json(await removeAddon(ctx, ref, c.var.userId, addon_variant), 202);
      },
    );
}
