import { createRoute, z } from '@hono/zod-openapi';
import { FunctionActivity, FunctionSlug, FunctionsRuntimeStatus, ProjectRef } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { functionActivity, functionsRuntimeStatus } from '../services/functions/functions.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const stringOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

type Row = Record<string, unknown>;

/** The store's rows as the API answers them (ISO times, numbers). */
export function activityAnswer({ invocations, logs }: { invocations: Row[]; logs: Row[] }): FunctionActivity {
  return {
    invocations: invocations.map((row) => ({
      timestamp: iso(row.timestamp),
      execution_id: stringOrNull(row.execution_id),
      method: String(row.method),
      path: String(row.path),
      status: Number(row.status),
      execution_time_ms: Number(row.execution_time_ms),
      memory_used_mb: numberOrNull(row.memory_used_mb),
      error_code: stringOrNull(row.error_code),
      version: numberOrNull(row.version),
    })),
    logs: logs.map((row) => ({
      timestamp: iso(row.timestamp),
      execution_id: stringOrNull(row.execution_id),
      event_type: row.event_type as FunctionActivity['logs'][number]['event_type'],
      level: row.level as FunctionActivity['logs'][number]['level'],
      event_message: String(row.event_message),
      version: numberOrNull(row.version),
    })),
  };
}

/**
 * `GET /platform/projects/{ref}/functions/{function_slug}/activity`: a function's latest
 * invocations and console lines for its details page; `GET /platform/projects/{ref}/functions/runtime`:
 * whether functions run confined on this server (both `functions:read`).
 */
export function functionActivityRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/functions/runtime',
        tags: ['Edge Functions'],
        request: { params: z.object({ ref: ProjectRef }) },
        responses: { 200: json(FunctionsRuntimeStatus, 'Whether functions run inside the OS sandbox here, and why not'), ...ERRORS },
      }),
      async (c) => c.json(await functionsRuntimeStatus(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/functions/{function_slug}/activity',
        tags: ['Edge Functions'],
        request: { params: z.object({ ref: ProjectRef, function_slug: FunctionSlug }) },
        responses: { 200: json(FunctionActivity, 'The newest 100 invocations and console lines, newest first'), ...ERRORS },
      }),
      async (c) => {
        const { ref, function_slug } = c.req.valid('param');
        return c.json(activityAnswer(await functionActivity(ctx, ref, function_slug, c.var.userId)), 200);
      },
    );
}
