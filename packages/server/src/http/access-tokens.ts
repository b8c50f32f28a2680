import { createRoute, z } from '@hono/zod-openapi';
import { AccessToken, AccessTokenId, CreateAccessTokenBody, CreatedAccessToken } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { type AccessTokenVerifier, createAccessToken, deleteAccessToken, listAccessTokens } from '../services/account/access-tokens.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Access tokens'];

/**
 * The signed-in user's personal access tokens (for the Supabase CLI). Mounted on the dashboard's
 * own API, which takes sessions only: a token can neither list, make nor delete tokens.
 */
export function accessTokenRoutes(ctx: PlatformContext, verifier: AccessTokenVerifier) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/profile/access-tokens',
        tags,
        responses: {
          200: json(z.array(AccessToken), 'The signed-in user’s tokens, newest first (never the tokens themselves)'),
          ...ERRORS,
        },
      }),
      async (c) => c.json(await listAccessTokens(ctx.db, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/profile/access-tokens',
        tags,
        request: jsonBody(CreateAccessTokenBody),
        responses: { 201: json(CreatedAccessToken, 'The new token: `token` is answered this once only'), ...ERRORS },
      }),
      async (c) => c.json(await createAccessToken(ctx.db, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/profile/access-tokens/{id}',
        tags,
        request: { params: z.object({ id: AccessTokenId }) },
        responses: { 200: json(AccessToken, 'The deleted token: it no longer works'), ...ERRORS },
      }),
      async (c) => c.json(await deleteAccessToken(ctx.db, verifier, c.var.userId, c.req.valid('param').id), 200),
    );
}
