/** What a call through the fetcher (fetcher.ts) takes besides its path; the typed client's options (api.ts) build on it. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Give up after this many ms (the REST health check allows 2 s). */
  timeoutMs?: number;
  /** Headers besides accept and content-type (e.g. PostgREST's Prefer and Range). */
  headers?: Record<string, string>;
  /** Values of the path's `{name}` parts (the fetcher encodes them), as the typed client passes them. */
  path?: Record<string, string | number>;
  /** Query values; undefined and null ones are left out. */
  query?: Record<string, unknown>;
}
