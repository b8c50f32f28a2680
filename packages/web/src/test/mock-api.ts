import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  body: unknown;
}

/** What a handler answers: a body (status 200), or an explicit status and body; headers besides content-type. */
export type MockAnswer = ({ status: number; body?: unknown } | { body: unknown }) & { headers?: Record<string, string> };
export type MockHandler = (request: MockRequest) => MockAnswer;

export const json = (body: unknown, status = 200): MockAnswer => ({ status, body });

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (query strings ignored). Unknown calls answer
 * 404 with the API's error shape. Returns the calls made, for assertions.
 */
export function mockApi(handlers: Record<string, MockHandler | MockAnswer>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer: MockAnswer = handler
      ? typeof handler === 'function'
        ? handler(request)
        : handler
      : { status: 404, body: { message: `No mock for ${method} ${url.pathname}` } };
    const status = 'status' in answer ? answer.status : 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json', ...answer.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
