import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl } from './fetcher';

function answer(status: number, body?: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('fills in and encodes path parameters', () => {
    expect(apiUrl('/api/platform/projects/{ref}/snippets/{id}', { ref: 'abc', id: 'a b/c' })).toBe('/api/platform/projects/abc/snippets/a%20b%2Fc');
  });

  it('appends the defined query values', () => {
    expect(apiUrl('/x', undefined, { a: 1, b: undefined, c: null, e: 'x y' })).toBe('/x?a=1&e=x+y');
    expect(apiUrl('/x', undefined, { b: undefined })).toBe('/x');
  });
});

describe('api', () => {
  it('sends the method, filled path, query and JSON body, and answers the JSON', async () => {
    const fetch = answer(200, { ref: 'abc' });
    vi.stubGlobal('fetch', fetch);
    const project = await api.PATCH('/api/platform/projects/{ref}', { path: { ref: 'abc' }, body: { name: 'New' } });
    expect(project.ref).toBe('abc');
    const [url, init = {}] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/platform/projects/abc');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"New"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');

    await api.GET('/api/platform/projects/{ref}/run-lints', { path: { ref: 'abc' }, query: { refresh: 'true' } });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/platform/projects/abc/run-lints?refresh=true');
  });

  it('throws ApiError with the status, code, message and body, like the fetcher', async () => {
    vi.stubGlobal('fetch', answer(409, { message: 'Busy', code: 'busy', extra: 1 }));
    const error = await api.POST('/api/platform/projects/{ref}/pause', { path: { ref: 'abc' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'busy', message: 'Busy', body: { message: 'Busy', code: 'busy', extra: 1 } });
  });

  it('gives up after timeoutMs', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(api.GET('/api/platform/profile', { timeoutMs: 10 })).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });
});

// Compile-time checks: `npx tsc -p packages/web` fails if the client stops rejecting these.
export function typeChecks() {
  // @ts-expect-error: not a documented route
  void api.GET('/api/platform/no-such-route');
  // @ts-expect-error: the path parameter is required
  void api.GET('/api/platform/projects/{ref}');
  // @ts-expect-error: the route has no POST
  void api.POST('/api/platform/profile');
  // @ts-expect-error: a body field the document does not have
  void api.PATCH('/api/platform/projects/{ref}', { path: { ref: 'a' }, body: { nme: 'x' } });
  return async () => {
    const project = await api.GET('/api/platform/projects/{ref}', { path: { ref: 'a' } });
    // @ts-expect-error: a field the answer does not have
    return project.nme;
  };
}
