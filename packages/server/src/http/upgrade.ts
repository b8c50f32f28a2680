import { createRoute, z } from '@hono/zod-openapi';
import {
  ErrorResponse,
  ProjectRef,
  UpgradeProjectBody,
  UpgradeProjectResponse,
  UpgradeStatusQuery,
  UpgradeStatusResponse,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { startUpgrade, upgradeStatus } from '../services/infrastructure/upgrades.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Database upgrades'];

/** Major upgrades under /v1 (spec part 1 §7). */
export function upgradeRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/upgrade',
        tags,
        request: { params: refParams, ...jsonBody(UpgradeProjectBody) },
        responses: {
          202: json(UpgradeProjectResponse, 'The upgrade started; the project is UPGRADING'),
          ...ERRORS,
          409: json(ErrorResponse, 'The project is not healthy'),
        },
      }),
      async (c) => c.json(await startUpgrade(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 202),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/upgrade/status',
        tags,
        request: { params: refParams, query: UpgradeStatusQuery },
        responses: { 200: json(UpgradeStatusResponse, 'The upgrade asked for, else the latest one; null when there was none'), ...ERRORS },
      }),
      async (c) => c.json(await upgradeStatus(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('query').tracking_id), 200),
    );
}
