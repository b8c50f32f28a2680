import { createRoute, z } from '@hono/zod-openapi';
import {
  AcknowledgeLintBody,
  AdvisorLintsResponse,
  AuthConfig,
  ErrorResponse,
  LintAcknowledgementItem,
  LintAcknowledgementsResponse,
  ProjectRef,
  RunLintsQuery,
  RunLintsResponse,
  UpdateAuthConfigBody,
} from '@basin/core/schemas';
import { acknowledge, lintsOfCategory, listAcknowledgements, projectLints, unacknowledge } from '../services/observability/advisors.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { getAuthConfig, updateAuthConfig } from '../services/auth/auth-config.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Advisors'];
const LINT_ERRORS = { ...ERRORS, 409: json(ErrorResponse, 'The project is not running') } as const;
const cached = 'Findings are cached for 30 s per project; refresh=true runs every lint again.';

/** Findings, acknowledgements and the auth settings they read, under /platform. */
export function advisorRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/run-lints',
        tags,
        description: cached,
        request: { params: refParams, query: RunLintsQuery },
        responses: { 200: json(RunLintsResponse, 'Every finding, acknowledged ones flagged'), ...LINT_ERRORS },
      }),
      async (c) => c.json(await projectLints(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('query').refresh), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/advisors/acknowledgements',
        tags,
        request: { params: refParams },
        responses: { 200: json(LintAcknowledgementsResponse, 'Acknowledged findings by cache key, newest first'), ...ERRORS },
      }),
      async (c) => c.json(await listAcknowledgements(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/advisors/acknowledgements',
        tags,
        request: { params: refParams, ...jsonBody(AcknowledgeLintBody) },
        responses: { 201: json(LintAcknowledgementItem, 'The acknowledgement (a second one replaces the note)'), ...ERRORS },
      }),
      async (c) => c.json(await acknowledge(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/advisors/acknowledgements/{cache_key}',
        tags,
        request: { params: refParams.extend({ cache_key: z.string().min(1) }) },
        responses: { 200: json(z.object({ cache_key: z.string() }), 'The finding is no longer acknowledged'), ...ERRORS },
      }),
      async (c) => {
        const { ref, cache_key } = c.req.valid('param');
        await unacknowledge(ctx, ref, c.var.userId, cache_key);
        return c.json({ cache_key }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/auth/{ref}/config',
        tags: ['Auth settings'],
        request: { params: refParams },
        responses: { 200: json(AuthConfig, "The project's auth settings (the SMTP password is never answered)"), ...ERRORS },
      }),
      async (c) => c.json(await getAuthConfig(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/auth/{ref}/config',
        tags: ['Auth settings'],
        request: { params: refParams, ...jsonBody(UpdateAuthConfigBody) },
        responses: { 200: json(AuthConfig, 'The settings after the change'), ...ERRORS },
      }),
      async (c) => c.json(await updateAuthConfig(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    );
}

/** The same findings for scripts, by category, under /v1. */
export function advisorV1Routes(ctx: PlatformContext) {
  const byCategory = (path: string, category: 'SECURITY' | 'PERFORMANCE') =>
    createRoute({
      method: 'get',
      path,
      tags,
      description: cached,
      request: { params: refParams, query: RunLintsQuery },
      responses: { 200: json(AdvisorLintsResponse, `Findings of category ${category}`), ...LINT_ERRORS },
    });
  return createRouter()
    .openapi(byCategory('/projects/{ref}/advisors/security', 'SECURITY'), async (c) =>
      c.json(await lintsOfCategory(ctx, c.req.valid('param').ref, c.var.userId, 'SECURITY', c.req.valid('query').refresh), 200),
    )
    .openapi(byCategory('/projects/{ref}/advisors/performance', 'PERFORMANCE'), async (c) =>
      c.json(await lintsOfCategory(ctx, c.req.valid('param').ref, c.var.userId, 'PERFORMANCE', c.req.valid('query').refresh), 200),
    );
}
