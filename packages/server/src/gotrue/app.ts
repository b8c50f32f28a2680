/**
 * `/auth/v1` of a project: the Supabase Auth (GoTrue) HTTP API as auth-js 2.x speaks it, with the
 * project's users in its own database. The gateway has checked the project's key; the routes that
 * need a signed-in user check the bearer token themselves, with GoTrue's errors rather than
 * PostgREST's.
 */
import { type Context, Hono } from 'hono';
import type { PlatformContext } from '../kernel/context.ts';
import { batchedLog } from '../services/observability/log-batches.ts';
import * as authLogs from '../store/auth-logs.ts';
import type { AuthEnv } from './auth-env.ts';
import { authContextFor } from './context.ts';
import { AuthApiError, errorResponse } from './errors.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { emailLinkRoutes } from './routes/email-links.ts';
import { externalRoutes } from './routes/external.ts';
import { factorRoutes } from './routes/factors.ts';
import { infoRoutes } from './routes/info.ts';
import { passkeyRoutes } from './routes/passkeys.ts';

/** Each request's outcome in the auth logs (store/auth-logs.ts), for the logs explorer. */
const recordAuthRequest = batchedLog({ name: 'auth log', insertMany: authLogs.insertMany });

const levelOf = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info');

export function authApi(ctx: PlatformContext) {
  const api = new Hono<AuthEnv>({ strict: false });
  api.use('*', async (c, next) => {
    const at = new Date();
    const started = performance.now();
    c.set('auth', await authContextFor(ctx, c.env.project, c.env.clientIp, c.req.header('user-agent') ?? ''));
    await next();
    const refusal = c.get('refusal');
    recordAuthRequest(ctx, {
      at,
      ref: c.env.project.ref,
      level: levelOf(c.res.status),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      errorCode: refusal?.code ?? null,
      msg: refusal?.message ?? c.get('event') ?? 'request completed',
      remoteAddr: c.env.clientIp,
    });
  });
  api.route('/', infoRoutes);
  api.route('/', accountRoutes);
  api.route('/', adminRoutes);
  api.route('/', emailLinkRoutes);
  api.route('/', factorRoutes);
  api.route('/', passkeyRoutes);
  api.route('/', externalRoutes);
  const refuse = (c: Context<AuthEnv>, refusal: AuthApiError) => {
    c.set('refusal', refusal);
    return errorResponse(refusal, c.req.raw);
  };
  api.notFound((c) => refuse(c, new AuthApiError(404, 'not_found', 'Not Found: no such route on the auth API')));
  api.onError((error, c) => {
    if (error instanceof AuthApiError) return refuse(c, error);
    ctx.logger.error({ err: error, ref: c.env.project.ref }, 'auth API error');
    return refuse(c, new AuthApiError(500, 'unexpected_failure', 'Internal server error'));
  });
  return api;
}
