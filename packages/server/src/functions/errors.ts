/**
 * The answers the platform gives in a function's place, as JSON `{ code, message }`:
 * NOT_FOUND 404, BOOT_ERROR 503 (the function could not start), WORKER_LIMIT 546 (stopped for
 * its CPU time or memory), WORKER_TIMEOUT 504 (the wall-clock limit of one request), WORKER_ERROR
 * 500 (its worker exited under the request).
 */
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
