import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { allowedOrigins } from '../src/config.ts';
import { deployFunction } from './functions-fixture.ts';
import { ApiClient, healthyProject, startTestPlatform, uniqueEmail } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let ref: string;
const EVIL = 'https://evil.example';
/** An origin the install lists in BASIN_ALLOWED_ORIGINS (an admin page on another host, say). */
const LISTED = 'https://admin.example.com';

beforeAll(async () => {
  platform = await startTestPlatform({ allowedOrigins: [LISTED] });
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Origins' })).body.slug;
  ref = await healthyProject(owner, slug, 'Origins', { timeoutMs: 120_000, intervalMs: 250 });
});
afterAll(() => platform?.destroy());

const jwtSecret = async () => (await owner.get(`/api/platform/projects/${ref}/settings`)).body.jwt_secret as string;

/** What a page on another site can make a browser send: the victim's cookie, that site's origin, a form. */
function crossSite(path: string, headers: Record<string, string>, body = 'confirm=1', contentType = 'application/x-www-form-urlencoded') {
  return fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'content-type': contentType, ...headers },
    body,
  });
}

describe('requests from other sites', () => {
  it('refuses a cookie-bearing change from another origin, and the JWT secret stays', async () => {
    const secret = await jwtSecret();
    const secrets = `/api/platform/projects/${ref}/config/secrets`;
    const foreign: Record<string, string>[] = [
      { origin: EVIL },
      { referer: `${EVIL}/page` },
      { origin: 'null' },
      { origin: `${platform.url}.evil.example` },
    ];
    for (const headers of foreign) {
      const response = await crossSite(secrets, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: expect.stringContaining('Refused a request from another site') });
    }
    // JSON is no way around it, and neither is better-auth's side of the API.
    expect((await crossSite(secrets, { origin: EVIL }, '{}', 'application/json')).status).toBe(403);
    expect((await crossSite('/api/auth/sign-out', { origin: EVIL }, '{}', 'application/json')).status).toBe(403);
    expect(await jwtSecret()).toBe(secret);
    expect((await owner.get('/api/platform/profile')).status).toBe(200);
  });

  it('checks every changing verb on every dashboard API: a foreign or missing Origin is refused, the dashboard’s and the listed pass', async () => {
    for (const api of ['/api/platform', '/api/v1', '/api/auth', '/api/ai']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const send = (headers: Record<string, string>) =>
          fetch(`${platform.url}${api}/no-such-route`, {
            method,
            headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers },
            body: '{}',
          });
        const label = `${method} ${api}`;
        const foreign = await send({ origin: EVIL });
        expect(foreign.status, label).toBe(403);
        expect(await foreign.json(), label).toEqual({ message: `Refused a request from another site (${EVIL}): use the dashboard` });
        // Every browser names the page's origin on such requests: a cookie with neither Origin nor Referer is refused.
        const unnamed = await send({});
        expect(unnamed.status, label).toBe(403);
        expect(await unnamed.json(), label).toEqual({
          message: 'Refused a request that names no origin (no Origin or Referer header): use the dashboard',
        });
        expect((await send({ origin: platform.url })).status, label).not.toBe(403);
        expect((await send({ referer: `${platform.url}/project/${ref}` })).status, label).not.toBe(403);
        expect((await send({ origin: LISTED })).status, label).not.toBe(403);
      }
    }
  });

  it('reads BASIN_ALLOWED_ORIGINS as comma-separated origins and refuses anything else', () => {
    expect(allowedOrigins(undefined)).toEqual([]);
    expect(allowedOrigins(' https://admin.example.com , http://localhost:3000/,')).toEqual([
      'https://admin.example.com',
      'http://localhost:3000',
    ]);
    for (const wrong of ['admin.example.com', 'https://admin.example.com/path', 'ftp://files.example.com', '*']) {
      expect(() => allowedOrigins(wrong), wrong).toThrow(/BASIN_ALLOWED_ORIGINS must list origins/);
    }
  });

  it('lets the dashboard (and cookie-less clients) through, but only with JSON bodies', async () => {
    const secrets = `/api/platform/projects/${ref}/config/secrets`;
    const form = await crossSite(secrets, { origin: platform.url });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'The request body must be JSON (Content-Type: application/json)' });
    const secret = await jwtSecret();
    expect((await owner.post(secrets)).status).toBe(200);
    expect(await jwtSecret()).not.toBe(secret);
    // Without a cookie there is nothing to forge: the answer is the usual 401.
    const anonymous = await fetch(`${platform.url}${secrets}`, { method: 'POST', headers: { origin: EVIL } });
    expect(anonymous.status).toBe(401);
  });

  it('leaves the project gateway to its keys, from any origin', async () => {
    const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
    const anon = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key as string;
    const gateway = `/api/projects/${ref}/gateway/rest/v1/`;
    const read = await fetch(`${platform.url}${gateway}`, { headers: { apikey: anon, origin: EVIL, cookie: owner.cookie } });
    expect(read.status).toBe(200);
    // Whatever the project serves is sandboxed: a page there can never act as the dashboard.
    expect(read.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
    const write = await crossSite(gateway, { apikey: anon, origin: EVIL }, '{}', 'application/json');
    expect(write.status).not.toBe(403);
  });

  it('forbids framing and type sniffing of the dashboard and the API', async () => {
    for (const path of ['/api/platform/profile', '/api/auth/get-session', '/', '/org/acme']) {
      const response = await fetch(`${platform.url}${path}`, { headers: { cookie: owner.cookie } });
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

/** A request to the platform's port with any Host header (fetch ignores a Host header). */
function byHost(host: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const port = new URL(platform.url).port;
    const request = http.request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A function any link can open (verify_jwt off): it shows the cookies it got and tries to set some. */
const COOKIE_FUNCTION = `Deno.serve((req) => {
  const headers = new Headers({ 'content-type': 'text/html' });
  headers.append('set-cookie', 'better-auth.session_token=planted; Path=/; HttpOnly');
  headers.append('set-cookie', 'wide=1; Domain=localhost; Path=/');
  headers.append('set-cookie', 'own=1; Path=/');
  return new Response(JSON.stringify({ cookie: req.headers.get('cookie') }), { headers });
});`;

describe('project code and the dashboard’s cookies', () => {
  const projectHost = () => `${ref}.localhost:${new URL(platform.url).port}`;

  beforeAll(async () => {
    const deployed = await deployFunction(
      owner,
      ref,
      'cookies',
      { 'index.ts': COOKIE_FUNCTION },
      { entrypoint_path: 'index.ts', verify_jwt: false },
    );
    expect(deployed.status).toBe(201);
  }, 120_000);

  it('an Owner opening a member’s function by the gateway path sends it no cookie, and it sets none on the dashboard', async () => {
    const response = await fetch(`${platform.url}/api/projects/${ref}/gateway/functions/v1/cookies`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ cookie: null });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
    // The session it did not see is still the Owner's alone, and still works.
    expect((await owner.get('/api/platform/profile')).status).toBe(200);
  });

  it('on the project’s host, the project keeps its own cookies; the dashboard’s stay out and nothing is set above the host', async () => {
    const response = await byHost(projectHost(), '/functions/v1/cookies', { cookie: `${owner.cookie}; own=1` });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toEqual({ cookie: 'own=1' });
    expect(response.headers['set-cookie']).toEqual(['better-auth.session_token=planted; Path=/; HttpOnly', 'own=1; Path=/']);
    expect(response.headers['content-security-policy']).toBe("sandbox; frame-ancestors 'none'");
  });

  it('the dashboard’s session cookie is host-only, so project hosts never receive it', async () => {
    const email = uniqueEmail('host-only');
    await new ApiClient(platform.url).signUp(email);
    const response = await fetch(`${platform.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: platform.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith('better-auth.session_token='))).toBe(true);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*domain=/i);
  });

  it('serves a stored file on the project’s host sandboxed, like a function’s answer', async () => {
    const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
    const service = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'service_role').api_key as string;
    const asService = { apikey: service, authorization: `Bearer ${service}` };
    const bucket = await byHost(
      projectHost(),
      '/storage/v1/bucket',
      { ...asService, 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ name: 'pages', public: true }),
    );
    expect(bucket.status).toBe(200);
    const page = '<script>fetch("/api/platform/organizations", { method: "POST" })</script>';
    const upload = await byHost(
      projectHost(),
      '/storage/v1/object/pages/page.html',
      { ...asService, 'content-type': 'text/html' },
      'POST',
      page,
    );
    expect(upload.status).toBe(200);
    const stored = await byHost(projectHost(), '/storage/v1/object/public/pages/page.html');
    expect(stored.status).toBe(200);
    expect(stored.text).toBe(page);
    expect(stored.headers['content-security-policy']).toBe("sandbox; frame-ancestors 'none'");
  });
});

describe('request bodies', () => {
  const huge = () => JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) });
  /** The same bytes without a Content-Length: the limit counts them as they arrive. */
  const streamed = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 1024 * 1024) controller.enqueue(bytes.subarray(at, at + 1024 * 1024));
        controller.close();
      },
    });
  };

  it('refuses more than 10 MB on the platform and on the data API, before parsing it', async () => {
    const organizations = await fetch(`${platform.url}/api/platform/organizations`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: platform.url, 'content-type': 'application/json' },
      body: huge(),
    });
    expect(organizations.status).toBe(413);
    expect(await organizations.json()).toEqual({ message: 'The request body is larger than 10 MB' });

    const service = (await owner.get(`/api/platform/projects/${ref}/settings`)).body.service_api_keys.find(
      (k: { tags: string }) => k.tags === 'service_role',
    ).api_key as string;
    const rows = `${platform.url}/api/projects/${ref}/gateway/rest/v1/anything`;
    const headers = { apikey: service, 'content-type': 'application/json' };
    for (const body of [huge(), streamed(huge())]) {
      const answer = await fetch(rows, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'PGRST102', message: 'The request body is larger than 10 MB' });
    }
  });
});
