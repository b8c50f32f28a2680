import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let ref: string;
const EVIL = 'https://evil.example';

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Origins' })).body.slug;
  ref = (await owner.post('/api/platform/projects', { name: 'Origins', organization_slug: slug, region: 'local', postgres_engine: '17', release_channel: 'ga' })).body
    .ref;
  await waitFor(() => owner.get(`/api/platform/projects/${ref}/status`), (a) => a.body.status === 'ACTIVE_HEALTHY', 120_000, 250);
});
afterAll(() => platform?.destroy());

const jwtSecret = async () => (await owner.get(`/api/platform/projects/${ref}/settings`)).body.jwt_secret as string;

/** What a page on another site can make a browser send: the victim's cookie, that site's origin, a form. */
function crossSite(path: string, headers: Record<string, string>, body = 'confirm=1', contentType = 'application/x-www-form-urlencoded') {
  return fetch(`${platform.url}${path}`, { method: 'POST', headers: { cookie: owner.cookie, 'content-type': contentType, ...headers }, body });
}

describe('requests from other sites', () => {
  it('refuses a cookie-bearing change from another origin, and the JWT secret stays', async () => {
    const secret = await jwtSecret();
    const secrets = `/api/platform/projects/${ref}/config/secrets`;
    const foreign: Record<string, string>[] = [{ origin: EVIL }, { referer: `${EVIL}/page` }, { origin: 'null' }, { origin: `${platform.url}.evil.example` }];
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

  it('checks every changing verb on every dashboard API: a foreign Origin is refused, the dashboard’s and none pass', async () => {
    for (const api of ['/api/platform', '/api/v1', '/api/auth']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const send = (headers: Record<string, string>) =>
          fetch(`${platform.url}${api}/no-such-route`, { method, headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers }, body: '{}' });
        const label = `${method} ${api}`;
        expect((await send({ origin: EVIL })).status, label).toBe(403);
        // A browser names the page's origin on every such request; none at all is not a browser's cross-site request.
        expect((await send({})).status, label).not.toBe(403);
        expect((await send({ origin: platform.url })).status, label).not.toBe(403);
      }
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

    const service = (await owner.get(`/api/platform/projects/${ref}/settings`)).body.service_api_keys.find((k: { tags: string }) => k.tags === 'service_role').api_key as string;
    const rows = `${platform.url}/api/projects/${ref}/gateway/rest/v1/anything`;
    const headers = { apikey: service, 'content-type': 'application/json' };
    for (const body of [huge(), streamed(huge())]) {
      const answer = await fetch(rows, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'PGRST102', message: 'The request body is larger than 10 MB' });
    }
  });
});
