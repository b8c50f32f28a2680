/**
 * `/auth/v1` of a project: the Supabase Auth (GoTrue) HTTP API as auth-js 2.x speaks it, with the
 * project's users in its own database. The gateway has checked the project's key; the routes that
 * need a signed-in user check the bearer token themselves, with GoTrue's errors rather than
 * PostgREST's.
 */
import { Hono } from 'hono';
import type { PlatformContext } from '../services/context.ts';
import type { ProjectRow } from '../store/projects.ts';
import { type AuthContext, authContextFor } from './context.ts';
import { AuthApiError, errorResponse } from './errors.ts';
import { accountRoutes } from './routes/account.ts';
import { infoRoutes } from './routes/info.ts';

export type AuthEnv = {
  Bindings: { project: ProjectRow; clientIp: string };
  Variables: { auth: AuthContext };
};

export function authApi(ctx: PlatformContext) {
  const api = new Hono<AuthEnv>({ strict: false });
  api.use('*', async (c, next) => {
    c.set('auth', await authContextFor(ctx, c.env.project, c.env.clientIp, c.req.header('user-agent') ?? ''));
    await next();
  });
  api.route('/', infoRoutes);
  api.route('/', accountRoutes);
  api.notFound((c) => errorResponse(new AuthApiError(404, 'not_found', 'Not Found: no such route on the auth API'), c.req.raw));
  api.onError((error, c) => {
    if (error instanceof AuthApiError) return errorResponse(error, c.req.raw);
    ctx.logger.error({ err: error, ref: c.env.project.ref }, 'auth API error');
    return errorResponse(new AuthApiError(500, 'unexpected_failure', 'Internal server error'), c.req.raw);
  });
  return api;
}
