import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AuthFactorId,
  AuthPasskeyId,
  AuthPasskeyList,
  AuthRecoverResponse,
  AuthUser,
  AuthUserEmailBody,
  AuthUserId,
  AuthUsersQuery,
  AuthUsersResponse,
  CreateAuthUserBody,
  ErrorResponse,
  ProjectRef,
  UpdateAuthUserBody,
} from '@basin/core/schemas';
import * as authUsers from '../services/auth/auth-users.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { type AppEnv, createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Auth users'];
const refParams = z.object({ ref: ProjectRef });
const userParams = refParams.extend({ id: AuthUserId });
const factorParams = userParams.extend({ factorId: AuthFactorId });
const passkeyParams = userParams.extend({ passkeyId: AuthPasskeyId });
const USER_ERRORS = {
  ...ERRORS,
  409: json(ErrorResponse, 'The project is not running'),
  422: json(ErrorResponse, "Refused by the project's auth rules (address taken, weak password)"),
} as const;

/** `/platform/auth/{ref}/users...`: the project's end users for the dashboard (services/auth/auth-users.ts). */
export function authUserRoutes(ctx: PlatformContext) {
  const member = (c: Context<AppEnv>): authUsers.ActingMember => ({
    userId: c.var.userId,
    email: c.var.profile.email,
    ip: ctx.config.trustedProxies.clientAddress(getConnInfo(c).remote.address ?? 'unknown', c.req.header('x-forwarded-for')),
    userAgent: c.req.header('user-agent') ?? '',
  });
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/{ref}/users',
        tags,
        description: 'Newest first; keywords match part of an email, phone or id, case-insensitively.',
        request: { params: refParams, query: AuthUsersQuery },
        responses: { 200: json(AuthUsersResponse, 'One page of users and how many match'), ...USER_ERRORS },
      }),
      async (c) => c.json(await authUsers.listAuthUsers(ctx, c.req.valid('param').ref, member(c), c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/{ref}/users',
        tags,
        description: 'No email is sent; autoConfirm (default true) lets the user sign in at once.',
        request: { params: refParams, ...jsonBody(CreateAuthUserBody) },
        responses: { 201: json(AuthUser, 'The new user'), ...USER_ERRORS },
      }),
      async (c) => c.json(await authUsers.createAuthUser(ctx, c.req.valid('param').ref, member(c), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/{ref}/users/{id}',
        tags,
        request: { params: userParams },
        responses: { 200: json(AuthUser, 'The user with its identities'), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await authUsers.getAuthUser(ctx, ref, member(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/auth/{ref}/users/{id}',
        tags,
        description:
          "ban_duration: a duration such as '24h' bans the user (no sign-in, no token refresh) until then; 'none' lifts the ban.",
        request: { params: userParams, ...jsonBody(UpdateAuthUserBody) },
        responses: { 200: json(AuthUser, 'The user after the change'), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await authUsers.banAuthUser(ctx, ref, member(c), id, c.req.valid('json').ban_duration), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/auth/{ref}/users/{id}',
        tags,
        request: { params: userParams },
        responses: { 200: json(AuthUser, 'The deleted user (its identities and sessions went with it)'), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await authUsers.deleteAuthUser(ctx, ref, member(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/auth/{ref}/users/{id}/factors/{factorId}',
        tags,
        description:
          "Removes one of the user's MFA factors; the sessions it raised to aal2 step down to aal1. Answers the user after, with the factors left (none: no factors field). A factor that is not the user's answers 404.",
        request: { params: factorParams },
        responses: { 200: json(AuthUser, 'The user without the factor'), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id, factorId } = c.req.valid('param');
        return c.json(await authUsers.deleteAuthUserFactor(ctx, ref, member(c), id, factorId), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/{ref}/users/{id}/passkeys',
        tags,
        request: { params: userParams },
        responses: { 200: json(AuthPasskeyList, "The user's passkeys, oldest first"), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await authUsers.listAuthUserPasskeys(ctx, ref, member(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/auth/{ref}/users/{id}/passkeys/{passkeyId}',
        tags,
        description: "Removes one of the user's passkeys: it no longer signs them in. A passkey that is not the user's answers 404.",
        request: { params: passkeyParams },
        responses: { 200: json(AuthPasskeyList, 'The passkeys left'), ...USER_ERRORS },
      }),
      async (c) => {
        const { ref, id, passkeyId } = c.req.valid('param');
        return c.json(await authUsers.deleteAuthUserPasskey(ctx, ref, member(c), id, passkeyId), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/{ref}/invite',
        tags,
        description: "Creates the user unconfirmed and mails the invitation (the project's invite template); without SMTP no mail leaves.",
        request: { params: refParams, ...jsonBody(AuthUserEmailBody) },
        responses: { 201: json(AuthUser, 'The invited user'), 429: json(ErrorResponse, 'Email rate limit exceeded'), ...USER_ERRORS },
      }),
      async (c) => c.json(await authUsers.inviteAuthUser(ctx, c.req.valid('param').ref, member(c), c.req.valid('json').email), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/{ref}/recover',
        tags,
        description: 'Mails a password recovery link (an unknown address gets the same answer, as the auth API gives).',
        request: { params: refParams, ...jsonBody(AuthUserEmailBody) },
        responses: {
          200: json(AuthRecoverResponse, 'The recovery was started'),
          429: json(ErrorResponse, 'Email rate limit exceeded'),
          ...USER_ERRORS,
        },
      }),
      async (c) => c.json(await authUsers.sendAuthUserRecovery(ctx, c.req.valid('param').ref, member(c), c.req.valid('json').email), 200),
    );
}
