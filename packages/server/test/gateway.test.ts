import { API_KEYS_MESSAGES, keyLastUsedRange, keyLastUsedSql, keySignaturePrefix, keysLastUsedFromRows } from '@basin/core';
import { decodeJwt } from 'jose';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedKey, projectRefOfHost } from '../src/http/gateway.ts';
import { projectApiUrls } from '../src/services/api/gateway.ts';
import { signProjectKey } from '../src/services/projects/project-keys.ts';
import { RETIRED_SECRETS_KEPT } from '../src/store/api-keys.ts';
import { ApiClient, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { twoProjectsWithReader } from './two-projects.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let reader: ApiClient;
let slug: string;
let refA: string;
let refB: string;
let port: number;

interface Keys {
  anon: string;
  service: string;
  secret: string;
}

interface EdgeRow {
  ref: string;
  method: string;
  path: string;
  status: number;
  key_role: string | null;
  key_signature_prefix: string | null;
  from_browser: boolean;
  rotated_out_key: boolean;
}

const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

async function keysOf(ref: string): Promise<Keys> {
  const body = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  const key = (role: string) => body.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  return { anon: key('anon'), service: key('service_role'), secret: body.jwt_secret };
}

/** A request to the platform's port with any Host header (fetch ignores a Host header). */
function call(host: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : null, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

const projectHost = (ref: string) => `${ref}.localhost:${port}`;
const rest = (ref: string, headers: Record<string, string> = {}) => call(projectHost(ref), '/rest/v1/', headers);
const signature = (key: string) => key.split('.')[2]!;

/** The edge log rows of a project matching the filter, once the fire-and-forget writes have landed. */
async function edgeRows(ref: string, count: number, filter = 'true'): Promise<EdgeRow[]> {
  const read = async () =>
    (await platform.ctx.db.query<EdgeRow>(`select * from edge_logs where ref = $1 and ${filter} order by timestamp`, [ref])).rows;
  return waitFor(read, (rows) => rows.length >= count, 10_000, 50);
}

/** As the keys panel asks it: a log query over edge_logs for the signature prefixes of the keys the member can read. */
async function lastUsed(client: ApiClient, ref: string) {
  const { service_api_keys: keys = [] } = (await client.get(`/api/platform/projects/${ref}/settings`)).body ?? {};
  const asked = (keys as { tags: string; api_key: string }[]).map((key) => ({ role: key.tags, prefix: keySignaturePrefix(key.api_key) }));
  const sql = keyLastUsedSql(asked.flatMap((key) => key.prefix ?? []));
  const answer = await client.get(
    `/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql, ...keyLastUsedRange(new Date()) })}`,
  );
  if (answer.status !== 200) return answer;
  expect(answer.body.error).toBeNull();
  return { status: 200, body: keysLastUsedFromRows(asked, answer.body.result) as any };
}
const leakLint = async (ref: string) =>
  ((await owner.get(`/api/platform/projects/${ref}/run-lints?refresh=true`)).body as { name: string; detail: string }[]).find(
    (lint) => lint.name === 'leaked_service_key',
  );

beforeAll(async () => {
  platform = await startTestPlatform({ healthCheckIntervalMs: 3_600_000 });
  port = Number(new URL(platform.url).port);
  ({ owner, reader, slug, refA, refB } = await twoProjectsWithReader(platform.url, 'Gateway'));
}, 240_000);
afterAll(() => platform?.destroy());

describe("a project's API URLs", () => {
  const ref = 'abcdefghijklmnopqrst';
  const path = { url: `http://127.0.0.1:8080/api/projects/${ref}/gateway`, form: 'path' };

  it('recommend the path form on the platform address by default: *.localhost resolves in browsers only', () => {
    const host = { url: `http://${ref}.localhost:8080`, form: 'host' };
    expect(projectApiUrls({ domain: 'localhost:8080', host: '127.0.0.1', port: 8080 }, ref)).toEqual([path, host]);
    expect(projectApiUrls({ domain: 'localhost:8080', host: '0.0.0.0', port: 8080 }, ref)).toEqual([path, host]);
  });

  it('recommend the host form when BASIN_DOMAIN names a real domain', () => {
    const host = { url: `http://${ref}.basin.example.com`, form: 'host' };
    expect(projectApiUrls({ domain: 'basin.example.com', host: '::', port: 8080 }, ref)).toEqual([host, path]);
  });
});

describe('which requests are project-facing', () => {
  it('reads the project from a Host under the domain, whatever the port', () => {
    const ref = 'abcdefghijklmnopqrst';
    expect(projectRefOfHost(`${ref}.localhost:8080`, 'localhost:8080')).toBe(ref);
    expect(projectRefOfHost(`${ref}.LOCALHOST:9999`, 'localhost:8080')).toBe(ref);
    expect(projectRefOfHost(`${ref}.basin.example.com`, 'basin.example.com')).toBe(ref);
    expect(projectRefOfHost('localhost:8080', 'localhost:8080')).toBeUndefined();
    expect(projectRefOfHost('127.0.0.1:8080', 'localhost:8080')).toBeUndefined();
    expect(projectRefOfHost('app.localhost:8080', 'localhost:8080')).toBeUndefined(); // not a ref
    expect(projectRefOfHost(`x.${ref}.localhost`, 'localhost')).toBeUndefined();
    expect(projectRefOfHost(undefined, 'localhost')).toBeUndefined();
  });

  it('takes the apikey header first, else a bearer token', () => {
    expect(presentedKey(new Headers({ apikey: 'a', authorization: 'Bearer b' }))).toBe('a');
    expect(presentedKey(new Headers({ authorization: 'bearer b' }))).toBe('b');
    expect(presentedKey(new Headers({ authorization: 'Basic b' }))).toBeUndefined();
    expect(presentedKey(new Headers())).toBeUndefined();
  });

  it('leaves the dashboard and the platform API on the platform host', async () => {
    expect((await call(`127.0.0.1:${port}`, '/api/health')).body).toEqual({ status: 'ok' });
    expect((await call(`localhost:${port}`, '/api/health')).body).toEqual({ status: 'ok' });
    // On a project's host even /api/health is the project's API, which wants a key.
    expect((await call(projectHost(refA), '/api/health')).status).toBe(401);
  });
});

describe('the project gateway', () => {
  it("serves the project's API description at /rest/v1/ to its anon and service_role keys", async () => {
    await owner.post(`/api/platform/pg-meta/${refA}/query`, { query: 'create table public.notes (id int primary key, body text)' });
    const keys = await keysOf(refA);
    const anon = await rest(refA, { apikey: keys.anon });
    expect(anon.status).toBe(200);
    expect(anon.body.swagger).toBe('2.0');
    expect(Object.keys(anon.body.paths)).toContain('/notes');
    expect(anon.headers['access-control-allow-origin']).toBe('*');
    const service = await rest(refA, { authorization: `Bearer ${keys.service}` });
    expect(service.status).toBe(200);
    expect(service.body).toEqual(anon.body);
    // Without the trailing slash, and through the path prefix for clients that cannot set Host.
    expect((await call(projectHost(refA), '/rest/v1', { apikey: keys.anon })).status).toBe(200);
    const byPath = await owner.call('GET', `/api/projects/${refA}/gateway/rest/v1/`);
    expect(byPath).toEqual({ status: 401, body: { message: API_KEYS_MESSAGES.gatewayMissingKey } });
    const viaPrefix = await fetch(`${platform.url}/api/projects/${refA}/gateway/rest/v1/`, { headers: { apikey: keys.anon } });
    expect(viaPrefix.status).toBe(200);
    expect(await viaPrefix.json()).toEqual(anon.body);
  });

  it('refuses missing, wrong-project, tampered, expired and rotated-out keys with 401', async () => {
    const a = await keysOf(refA);
    const b = await keysOf(refB);
    const refused = { status: 401, body: { message: API_KEYS_MESSAGES.gatewayInvalidKey } };
    expect(await rest(refA)).toMatchObject({ status: 401, body: { message: API_KEYS_MESSAGES.gatewayMissingKey } });
    expect(await rest(refA, { apikey: b.anon })).toMatchObject(refused);
    const [header, , sig] = a.anon.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(a.anon), role: 'service_role' })).toString('base64url');
    expect(await rest(refA, { apikey: `${header}.${forged}.${sig}` })).toMatchObject(refused);
    const expired = await signProjectKey(a.secret, refA, 'anon', new Date(Date.now() - 11 * 365 * 24 * 3600 * 1000));
    expect(await rest(refA, { apikey: expired })).toMatchObject(refused);
    expect(await rest(refA, { authorization: 'Bearer not-a-jwt' })).toMatchObject(refused);
  });

  it('answers 404 for other paths (key first) and for unknown projects', async () => {
    const keys = await keysOf(refA);
    expect(await call(projectHost(refA), '/no-such-api/v1', { apikey: keys.anon })).toMatchObject({
      status: 404,
      body: { message: 'No such route on the project API' },
    });
    expect((await call(projectHost(refA), '/storage/v1/bucket')).status).toBe(401);
    expect(await call(projectHost('zzzzzzzzzzzzzzzzzzzz'), '/rest/v1/', { apikey: keys.anon })).toMatchObject({ status: 404 });
  });

  it('answers browser preflights without a key', async () => {
    const preflight = await call(
      projectHost(refA),
      '/rest/v1/',
      { origin: 'http://app.example', 'access-control-request-headers': 'apikey' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('apikey');
  });
});

describe('edge logs and keys last used', () => {
  it('logs each request with the key role and signature prefix, never the key', async () => {
    const keys = await keysOf(refB);
    expect((await lastUsed(owner, refB)).body).toEqual([
      { role: 'anon', last_used_at: null },
      { role: 'service_role', last_used_at: null },
    ]);
    await rest(refB, { apikey: keys.anon, 'user-agent': 'curl/8.5.0' });
    await call(projectHost(refB), '/nowhere', { apikey: keys.anon, 'user-agent': BROWSER_AGENT });
    await rest(refB, { apikey: 'garbage' });
    const rows = await edgeRows(refB, 3);
    expect(
      rows.map(({ method, path, status, key_role, key_signature_prefix, from_browser, rotated_out_key }) => ({
        method,
        path,
        status,
        key_role,
        key_signature_prefix,
        from_browser,
        rotated_out_key,
      })),
    ).toEqual([
      {
        method: 'GET',
        path: '/rest/v1/',
        status: 200,
        key_role: 'anon',
        key_signature_prefix: signature(keys.anon).slice(0, 8),
        from_browser: false,
        rotated_out_key: false,
      },
      {
        method: 'GET',
        path: '/nowhere',
        status: 404,
        key_role: 'anon',
        key_signature_prefix: signature(keys.anon).slice(0, 8),
        from_browser: true,
        rotated_out_key: false,
      },
      {
        method: 'GET',
        path: '/rest/v1/',
        status: 401,
        key_role: null,
        key_signature_prefix: null,
        from_browser: false,
        rotated_out_key: false,
      },
    ]);
    const stored = JSON.stringify((await platform.ctx.db.query('select * from edge_logs')).rows);
    expect(stored).not.toContain(signature(keys.anon));
    expect(stored).not.toContain(signature(keys.service));
  });

  it('answers when the anon and service_role keys were last used in the last 24 h', async () => {
    const keys = await keysOf(refB);
    const before = Date.now();
    await rest(refB, { apikey: keys.service });
    await edgeRows(refB, 1, `key_role = 'service_role'`);
    const { status, body } = await lastUsed(owner, refB);
    expect(status).toBe(200);
    const [anon, service] = body;
    expect(anon.role).toBe('anon');
    expect(Date.parse(anon.last_used_at)).toBeLessThanOrEqual(before);
    expect(service.role).toBe('service_role');
    expect(Date.parse(service.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    // Older than 24 h does not count.
    await platform.ctx.db.query(
      `update edge_logs set timestamp = timestamp - interval '25 hours' where ref = $1 and key_role = 'service_role'`,
      [refB],
    );
    expect((await lastUsed(owner, refB)).body[1]).toEqual({ role: 'service_role', last_used_at: null });
  });

  it('needs read permission on the keys: without it there is nothing to ask about', async () => {
    expect(await lastUsed(reader, refB)).toEqual({ status: 200, body: [] });
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await lastUsed(outsider, refB)).status).toBe(404);
  });
});

describe('leaked_service_key', () => {
  it('fires once the service_role key is sent from a browser', async () => {
    expect(await leakLint(refA)).toBeUndefined();
    const keys = await keysOf(refA);
    await rest(refA, { apikey: keys.anon, origin: 'http://app.example' }); // the anon key belongs in browsers
    await edgeRows(refA, 1, 'from_browser');
    expect(await leakLint(refA)).toBeUndefined();
    await rest(refA, { apikey: keys.service, origin: 'http://app.example' });
    await edgeRows(refA, 1, `from_browser and key_role = 'service_role'`);
    expect((await leakLint(refA))?.detail).toMatch(/^The service_role key was sent from a browser once/);
  });

  it('recognises a key of a rotated-out secret: 401, logged as such, and the lint fires', async () => {
    const old = await keysOf(refB);
    // Accepted a moment before the rotation (and kept as verified), refused right after it.
    expect((await rest(refB, { apikey: old.service })).status).toBe(200);
    expect((await owner.post(`/api/platform/projects/${refB}/config/secrets`)).body.status).toBe('Updated');
    const current = await keysOf(refB);
    expect((await rest(refB, { apikey: current.anon })).status).toBe(200);
    expect(await rest(refB, { apikey: old.service })).toMatchObject({
      status: 401,
      body: { message: API_KEYS_MESSAGES.gatewayInvalidKey },
    });
    const [row] = await edgeRows(refB, 1, 'rotated_out_key');
    expect(row).toMatchObject({ status: 401, key_role: 'service_role', key_signature_prefix: signature(old.service).slice(0, 8) });
    expect((await leakLint(refB))?.detail).toMatch(/^A key signed with a JWT secret that was replaced was presented once/);
    // The old key's uses are not the new key's.
    expect((await lastUsed(owner, refB)).body[1]).toEqual({ role: 'service_role', last_used_at: null });
  });

  it(`keeps the last ${RETIRED_SECRETS_KEPT} retired secrets`, async () => {
    const oldest = await keysOf(refB);
    // One rotation retires `oldest`; RETIRED_SECRETS_KEPT more push it out of the history.
    for (let i = 0; i <= RETIRED_SECRETS_KEPT; i++) await owner.post(`/api/platform/projects/${refB}/config/secrets`);
    const { rows } = await platform.ctx.db.query('select count(*)::int as n from retired_jwt_secrets where ref = $1', [refB]);
    expect(rows[0].n).toBe(RETIRED_SECRETS_KEPT);
    expect((await rest(refB, { apikey: oldest.anon })).status).toBe(401);
    const [row] = await edgeRows(refB, 1, `key_signature_prefix = '${signature(oldest.anon).slice(0, 8)}' and status = 401`);
    expect(row).toMatchObject({ key_role: null, rotated_out_key: false });
  });
});

describe('GET /v1/projects/{ref}/custom-hostname', () => {
  it('is not allowed on the free plan and never configured on paid plans', async () => {
    const path = `/api/v1/projects/${refA}/custom-hostname`;
    expect(await reader.get(path)).toEqual({ status: 200, body: { status: '0_not_allowed', customDomain: null } });
    expect((await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })).status).toBe(200);
    expect(await reader.get(path)).toEqual({ status: 200, body: { status: '0_no_hostname_configured', customDomain: null } });
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await outsider.get(path)).status).toBe(404);
  });
});
