import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { CLIENT_IP_HEADER, type Auth } from '../auth.ts';
import type { Logger } from '../logger.ts';
import { unauthorized } from './errors.ts';
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

/** Every platform route needs a signed-in user; the OpenAPI document is public. */
export function requireSession(auth: Auth, sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.endsWith('/openapi.json')) return next();
    const cookie = c.req.header('cookie');
    if (!cookie) throw unauthorized();
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

/** better-auth keys its rate limits by this header; fill it from the socket, never from the client. */
export function withClientIp(request: Request, address: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, address ?? 'unknown');
  return new Request(request, { headers });
}

export const clientAddress = (c: Parameters<MiddlewareHandler>[0]) => getConnInfo(c).remote.address;
