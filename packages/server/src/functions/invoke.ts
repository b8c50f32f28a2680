/**
 * `/functions/v1/{slug}/...` on the project gateway: any method and subpath, bodies streamed.
 * The function sees the path after `/functions/v1` (`/{slug}/...`), as on the hosted platform.
 * Every invocation is logged (function_edge_logs) with its status, duration and the worker's memory.
 */
import type { ProjectStatus } from '@basin/core';
import type { PlatformContext } from '../kernel/context.ts';
import { batchedLog } from '../services/observability/log-batches.ts';
import * as logs from '../store/functions-logs.ts';
import * as functionsStore from '../store/functions.ts';
import type { ProjectRow } from '../store/projects.ts';
import { functionEnv } from './env.ts';
import { functionError } from './errors.ts';
import { functionsRuntime } from './runtime.ts';

export const FUNCTIONS_PREFIX = '/functions/v1';

/** A paused project (or one going away) runs no functions, as on the hosted platform. */
const STOPPED_STATUSES = new Set<ProjectStatus>(['INACTIVE', 'PAUSING', 'GOING_DOWN']);

export const isFunctionsPath = (path: string) => path === FUNCTIONS_PREFIX || path.startsWith(`${FUNCTIONS_PREFIX}/`);

const slugOf = (path: string) => {
  const segment = path.slice(FUNCTIONS_PREFIX.length + 1).split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

export const recordInvocation = batchedLog<logs.InvocationEntry>({ name: 'function invocation', insertMany: logs.insertInvocations });

/** Routes by project and slug, kept a second (the gateway asks on every request); forgotten on change here. */
const MAX_AGE_MS = 1000;
const routes = new Map<string, { at: number; route: Promise<functionsStore.FunctionRoute | undefined> }>();

export function findFunctionRoute(ctx: PlatformContext, ref: string, slug: string): Promise<functionsStore.FunctionRoute | undefined> {
  const key = `${ref}/${slug}`;
  const kept = routes.get(key);
  if (kept && performance.now() - kept.at < MAX_AGE_MS) return kept.route;
  const entry = { at: performance.now(), route: functionsStore.findRoute(ctx.db, ref, slug) };
  routes.set(key, entry);
  entry.route.catch(() => routes.get(key) === entry && routes.delete(key));
  if (routes.size > 10_000) routes.delete(routes.keys().next().value!);
  return entry.route;
}

/** A function of this project changed in this process: the next request reads it again. */
export function forgetFunctionRoutes(ref: string, slug?: string): void {
  for (const key of [...routes.keys()]) if (slug ? key === `${ref}/${slug}` : key.startsWith(`${ref}/`)) routes.delete(key);
}

/**
 * Whether the gateway serves this request without a key: preflights (browsers send no key with
 * them; the function answers its own CORS) and every request to a function deployed with
 * verify_jwt off.
 */
export async function isOpenFunctionRequest(ctx: PlatformContext, ref: string, method: string, path: string): Promise<boolean> {
  if (!isFunctionsPath(path)) return false;
  if (method === 'OPTIONS') return true;
  const slug = slugOf(path);
  if (!slug) return false;
  const route = await findFunctionRoute(ctx, ref, slug);
  return route !== undefined && !route.verify_jwt;
}

export async function invokeFunction(
  ctx: PlatformContext,
  project: ProjectRow,
  request: Request,
  path: string,
  clientIp: string,
): Promise<Response> {
  const at = new Date();
  const started = performance.now();
  const slug = slugOf(path);
  const route = slug ? await findFunctionRoute(ctx, project.ref, slug) : undefined;
  const url = new URL(request.url);
  const functionPath = `${path.slice(FUNCTIONS_PREFIX.length)}${url.search}`;
  const log = (status: number, extra: Partial<logs.InvocationEntry>) =>
    recordInvocation(ctx, {
      at,
      ref: project.ref,
      functionId: route?.id ?? null,
      slug: slug.slice(0, 200),
      version: route?.version ?? null,
      executionId: null,
      method: request.method,
      path: functionPath.split('?')[0]!.slice(0, 1000),
      status,
      executionTimeMs: Math.round((performance.now() - started) * 10) / 10,
      memoryUsedMb: null,
      errorCode: null,
      ...extra,
    });
  if (!route || route.status !== 'ACTIVE') {
    log(404, { errorCode: 'NOT_FOUND' });
    return functionError('NOT_FOUND', 'Requested function was not found');
  }
  if (STOPPED_STATUSES.has(project.status)) {
    // Workers this process still has (the pause was asked on another replica) end too.
    functionsRuntime(ctx).retire(project.ref);
    log(503, { errorCode: 'BOOT_ERROR' });
    return functionError('BOOT_ERROR', `The project is not running (${project.status}): restore it to run its functions`);
  }
  const env = await functionEnv(ctx, project);
  const result = await functionsRuntime(ctx).invoke(project.ref, route, env, request, functionPath, clientIp);
  log(result.response.status, { executionId: result.executionId, memoryUsedMb: result.memoryUsedMb, errorCode: result.errorCode });
  return result.response;
}
