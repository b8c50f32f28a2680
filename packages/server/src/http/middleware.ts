import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_MESSAGES } from '@basin/core';
import { ACCESS_TOKEN_PREFIX } from '@basin/core/schemas';
import { CLIENT_IP_HEADER, type Auth } from '../auth.ts';
import type { Logger } from '../logger.ts';
import type { AccessTokenVerifier } from '../services/account/access-tokens.ts';
import type { TrustedProxies } from '../trusted-proxies.ts';
import { HttpError, unauthorized } from '../kernel/errors.ts';
import type { AppEnv } from './openapi.ts';
import type { SessionCache } from './session-cache.ts';

/** One structured line per request: id, method, path, status and time. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    logger.info(
      { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 },
      'request',
    );
  };
}

/**
 * Every platform route needs a signed-in user; the OpenAPI document is public. Personal access
 * tokens do not open these routes, whatever else the request carries.
 */
export function requireSession(auth: Auth, sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.endsWith('/openapi.json')) return next();
    const cookie = c.req.header('cookie');
    if (!cookie) {
      if (bearerToken(c.req.header('authorization'))?.startsWith(ACCESS_TOKEN_PREFIX))
        throw new HttpError(401, ACCESS_TOKEN_MESSAGES.managementApiOnly);
      throw unauthorized();
    }
    let profile = sessions.get(cookie);
    if (!profile) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw unauthorized();
      profile = { id: session.user.id, email: session.user.email, username: session.user.name };
      sessions.set(cookie, profile);
    }
    c.set('userId', profile.id);
    c.set('profile', profile);
    return next();
  };
}

/**
 * The management API (/api/v1): a personal access token as the Supabase CLI sends it
 * (`Authorization: Bearer sbp_...`), acting as its user with the user's own roles, or else a
 * dashboard session. A request naming a bearer token is judged by that token alone: a malformed,
 * unknown, deleted or expired one is refused (401) even if a session cookie came along.
 */
export function requireSessionOrToken(auth: Auth, sessions: SessionCache, tokens: AccessTokenVerifier): MiddlewareHandler<AppEnv> {
  const session = requireSession(auth, sessions);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token === undefined || c.req.path.endsWith('/openapi.json')) return session(c, next);
    const profile = await tokens.verify(token);
    c.set('userId', profile.id);
    c.set('profile', profile);
    return next();
  };
}

/** The credentials of an `Authorization: Bearer ...` header; undefined for any other scheme or none. */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header ?? '');
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * The request as better-auth gets it: the body from Hono's cache (the input guard has read it)
 * and the client's address in the header its rate limits key on, whatever the client sent there.
 */
export async function authRequest(c: Context, proxies: TrustedProxies): Promise<Request> {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, proxies.clientAddress(getConnInfo(c).remote.address ?? 'unknown', c.req.header('x-forwarded-for')));
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.text();
  return new Request(c.req.url, { method: c.req.method, headers, body });
}
