import { createRoute, z } from '@hono/zod-openapi';
import { FeatureFlagsResponse, OrgSlug } from '@basin/core/schemas';
import { getOrganizationFeatureFlags, installFeatureFlags } from '../services/account/feature-flags.ts';
import type { Db } from '../store/db.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const tags = ['Feature flags'];

/** The flags in force: the install's, and one organization's (its own overrides on top). */
export function featureFlagRoutes(db: Db) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/feature-flags',
        tags,
        responses: { 200: json(FeatureFlagsResponse, "The install's flags: defaults and BASIN_FEATURE_FLAGS"), 401: ERRORS[401] },
      }),
      (c) => c.json(installFeatureFlags(), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/organizations/{slug}/feature-flags',
        tags,
        request: { params: z.object({ slug: OrgSlug }) },
        responses: { 200: json(FeatureFlagsResponse, "The organization's flags: the install's with its own overrides"), ...ERRORS },
      }),
      async (c) => c.json(await getOrganizationFeatureFlags(db, c.req.valid('param').slug, c.var.userId), 200),
    );
}
