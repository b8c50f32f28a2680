/**
 * The answers the platform gives in a function's place, as JSON `{ code, message }`:
 * NOT_FOUND 404, BOOT_ERROR 503 (the function could not start), WORKER_LIMIT 546 (stopped for
 * its CPU time or memory), WORKER_TIMEOUT 504 (the wall-clock limit of one request), WORKER_ERROR
 * 500 (its worker exited under the request).
 */
import type { FunctionsConfig } from './config.ts';

export const FUNCTION_ERROR_STATUS = {
  NOT_FOUND: 404,
  BOOT_ERROR: 503,
  WORKER_LIMIT: 546,
  WORKER_TIMEOUT: 504,
  WORKER_ERROR: 500,
} as const;

export type FunctionErrorCode = keyof typeof FUNCTION_ERROR_STATUS;

export function functionError(code: FunctionErrorCode, message: string): Response {
  return Response.json({ code, message }, { status: FUNCTION_ERROR_STATUS[code] });
}

/** Why the platform stopped a worker. */
export type KillReason = 'cpu' | 'memory' | 'idle' | 'retired' | 'boot-timeout' | 'shutdown';

/** The reason as the worker's Shutdown log line gives it. */
export function killReasonText(reason: KillReason, limits: Pick<FunctionsConfig, 'cpuTimeMs' | 'memoryMb' | 'rssLimitMb'>): string {
  switch (reason) {
    case 'cpu':
      return `CPU time limit of ${limits.cpuTimeMs} ms reached`;
    case 'memory':
      return `memory limit reached (${limits.memoryMb} MB heap, ${limits.rssLimitMb} MB resident)`;
    case 'idle':
      return 'idle';
    case 'retired':
      return 'replaced: a new version, new settings or new secrets';
    case 'boot-timeout':
      return 'did not start in time';
    default:
      return 'platform shutting down';
  }
}
