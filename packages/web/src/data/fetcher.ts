import type { ApiClient } from './api';
import type { FetchOptions, HttpMethod } from './fetch-options';

export type { FetchOptions, HttpMethod };

/** An API answer that was not 2xx; `message` is the server's `{ message }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The whole error answer, for routes that say more than `message` (e.g. a SQL error's position). */
  readonly body: unknown;

  constructor(message: string, status: number, code?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** `template` with its `{name}` parts filled in (encoded) and the defined query values appended. */
export function apiUrl(template: string, path: Record<string, string | number> = {}, query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.append(name, String(value));
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
  return search.size ? `${url}?${search}` : url;
}

/** A signal that aborts with `signal` or after `ms`. */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    message: `No answer within ${ms / 1000} s`,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function field(data: unknown, name: string): string | undefined {
  if (typeof data !== 'object' || data === null || !(name in data)) return undefined;
  const value: unknown = (data as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Calls an API on the dashboard's origin. Routes in the OpenAPI documents go through `api` (typed
 * from them); this is for the rest (Better Auth, the project's PostgREST, the REST health check),
 * typed by the caller. No runtime validation here, so zod stays out of the first-load bundle.
 */
export async function fetcher<T>(path: string, options: FetchOptions = {}): Promise<T> {
  return (await fetchWithHeaders<T>(path, options)).data;
}

/** `fetcher`, with the answer's headers (e.g. PostgREST's Content-Range). */
export async function fetchWithHeaders<T>(
  template: string,
  { method = 'GET', body, signal, timeoutMs, headers: extra, path, query }: FetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';

  const timeout = timeoutMs === undefined ? undefined : withTimeout(signal, timeoutMs);
  let response: Response;
  try {
    response = await fetch(apiUrl(template, path, query), {
      method,
      headers,
      signal: timeout?.signal ?? signal,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout?.timedOut()) throw new ApiError(timeout.message, 0, 'timeout');
    throw new ApiError('Unable to reach the server. Check your connection and try again.', 0);
  } finally {
    timeout?.clear();
  }

  const text = await response.text();
  const data = text ? parseJson(text) : undefined;
  if (!response.ok) {
    const message = field(data, 'message') ?? `Request failed with status ${response.status}`;
    throw new ApiError(message, response.status, field(data, 'code'), data);
  }
  return { data: data as T, headers: response.headers };
}

const call = (method: HttpMethod) => (path: string, options?: FetchOptions) => fetcher(path, { ...options, method });

/**
 * The typed platform API client (its types, from the OpenAPI documents, are in api.ts). It lives
 * here so it loads with the fetcher, not as one more small chunk on the first load.
 */
export const api = { GET: call('GET'), POST: call('POST'), PUT: call('PUT'), PATCH: call('PATCH'), DELETE: call('DELETE') } as ApiClient;

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
