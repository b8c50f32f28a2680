import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeJwt, jwtVerify } from 'jose';
import { API_KEYS_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signProjectKey, verifyProjectKey } from '../src/services/projects/project-keys.ts';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';
import { supabaseClient } from './supabase-client.ts';
import { twoProjectsWithReader } from './two-projects.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let reader: ApiClient;
let refA: string;
let refB: string;

const settings = (client: ApiClient, ref: string) => client.get(`/api/platform/projects/${ref}/settings`);
const secretKey = (secret: string) => new TextEncoder().encode(secret);
const keyOf = (body: { service_api_keys: { api_key: string; tags: string }[] }, role: string) =>
  body.service_api_keys.find((k) => k.tags === role)!.api_key;

beforeAll(async () => {
  platform = await startTestPlatform({ healthCheckIntervalMs: 3_600_000 });
  ({ owner, reader, refA, refB } = await twoProjectsWithReader(platform.url, 'Keys'));
}, 240_000);
afterAll(() => platform?.destroy());

describe('the project URL the dashboard shows', () => {
  // A default install (BASIN_DOMAIN unset): Node and curl cannot resolve {ref}.localhost, so the
  // URL shown first is the gateway path on the platform's own address.
  it('is the base URL that supabase-js in Node and curl reach with the anon key shown beside it', async () => {
    const created = await owner.post(`/api/platform/pg-meta/${refA}/query`, {
      query:
        "create table public.planets (id int primary key, name text); insert into public.planets values (1, 'Earth'); grant select on public.planets to anon",
    });
    expect(created.status).toBe(200);
    const project = (await owner.get(`/api/platform/projects/${refA}`)).body;
    const { body } = await settings(owner, refA);
    const url = `${body.app_config.protocol}://${body.app_config.endpoint}`;
    expect(url).toBe(`${platform.url}/api/projects/${refA}/gateway`);
    expect(project.apiUrls[0].url).toBe(url);
    expect(project.restUrl).toBe(`${url}/rest/v1/`);
    const anon = keyOf(body, 'anon');

    const { data, error } = await supabaseClient(url, anon).from('planets').select('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Earth' }]);

    const curl = await promisify(execFile)('curl', ['-sS', '--fail', '-H', `apikey: ${anon}`, `${url}/rest/v1/planets?select=name`]);
    expect(JSON.parse(curl.stdout)).toEqual([{ name: 'Earth' }]);
  });
});

describe('GET /platform/projects/{ref}/settings', () => {
  it('gives owners the secret and an anon and a service_role key signed with it', async () => {
    const { status, body } = await settings(owner, refA);
    expect(status).toBe(200);
    expect(body.jwt_secret.length).toBeGreaterThanOrEqual(40);
    expect(body.app_config).toEqual({ protocol: 'http', endpoint: `${new URL(platform.url).host}/api/projects/${refA}/gateway` });
    expect(body.db_schema).toBe('public');
    expect(body.jwtSecretUpdateStatus.status).toBe('Updated');
    expect(body.service_api_keys.map((k: { tags: string }) => k.tags)).toEqual(['anon', 'service_role']);
    for (const role of ['anon', 'service_role']) {
      const { payload, protectedHeader } = await jwtVerify(keyOf(body, role), secretKey(body.jwt_secret));
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toMatchObject({ role, ref: refA, iss: 'basin' });
      expect(payload.exp! - payload.iat!).toBeGreaterThan(5 * 365 * 24 * 3600);
    }
    // The same keys on every read: they are re-signed from the stored secret and issue time.
    expect((await settings(owner, refA)).body.service_api_keys).toEqual(body.service_api_keys);
  });

  it("does not verify a key with another project's secret", async () => {
    const a = (await settings(owner, refA)).body;
    const b = (await settings(owner, refB)).body;
    expect(a.jwt_secret).not.toBe(b.jwt_secret);
    await expect(jwtVerify(keyOf(a, 'anon'), secretKey(b.jwt_secret))).rejects.toThrow();
    expect(await verifyProjectKey(b.jwt_secret, refB, keyOf(a, 'anon'))).toBeNull();
    expect(await verifyProjectKey(a.jwt_secret, refB, keyOf(a, 'anon'))).toBeNull(); // right secret, wrong ref
    expect(await verifyProjectKey(a.jwt_secret, refA, keyOf(a, 'service_role'))).toMatchObject({ role: 'service_role', ref: refA });
  });

  it('refuses tampered and expired keys', async () => {
    const a = (await settings(owner, refA)).body;
    const [header, , signature] = keyOf(a, 'anon').split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(keyOf(a, 'anon')), role: 'service_role' })).toString('base64url');
    expect(await verifyProjectKey(a.jwt_secret, refA, `${header}.${forged}.${signature}`)).toBeNull();
    const expired = await signProjectKey(a.jwt_secret, refA, 'anon', new Date(Date.now() - 11 * 365 * 24 * 3600 * 1000));
    expect(await verifyProjectKey(a.jwt_secret, refA, expired)).toBeNull();
  });

  it('leaves the secret and keys out for Read-only members, and 404s for non-members', async () => {
    const { status, body } = await settings(reader, refA);
    expect(status).toBe(200);
    expect(body.jwt_secret).toBeNull();
    expect(body.service_api_keys).toEqual([]);
    expect(JSON.stringify(body)).not.toContain((await settings(owner, refA)).body.jwt_secret);
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await settings(outsider, refA)).status).toBe(404);
    expect((await outsider.get(`/api/platform/projects/${refA}/config/secrets/update-status`)).status).toBe(404);
    expect((await outsider.post(`/api/platform/projects/${refA}/config/secrets`)).status).toBe(404);
  });

  it('makes a secret on first read for a project that has none', async () => {
    await platform.ctx.db.query('update projects set jwt_secret = null, jwt_issued_at = null where ref = $1', [refB]);
    const body = (await settings(owner, refB)).body;
    expect(body.jwt_secret.length).toBeGreaterThanOrEqual(40);
    expect(await verifyProjectKey(body.jwt_secret, refB, keyOf(body, 'anon'))).toMatchObject({ role: 'anon' });
    const { rows } = await platform.ctx.db.query('select jwt_secret from projects where ref = $1', [refB]);
    expect(rows[0].jwt_secret).not.toContain(body.jwt_secret); // sealed at rest
  });
});

describe('POST /platform/projects/{ref}/config/secrets', () => {
  it('is for admins: Read-only members get 403 and nothing changes', async () => {
    const before = (await settings(owner, refA)).body;
    const answer = await reader.post(`/api/platform/projects/${refA}/config/secrets`);
    expect(answer).toEqual({ status: 403, body: { message: API_KEYS_MESSAGES.rotateForbidden } });
    expect((await settings(owner, refA)).body.jwt_secret).toBe(before.jwt_secret);
  });

  it('rotates the secret: Updated, new keys, and the old keys stop verifying', async () => {
    const before = (await settings(owner, refA)).body;
    const answer = await owner.post(`/api/platform/projects/${refA}/config/secrets`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'Updated', error: null });
    expect(answer.body.changeTrackingId).toEqual(expect.any(String));
    const after = (await settings(owner, refA)).body;
    expect(after.jwt_secret).not.toBe(before.jwt_secret);
    expect(keyOf(after, 'anon')).not.toBe(keyOf(before, 'anon'));
    expect(await verifyProjectKey(after.jwt_secret, refA, keyOf(after, 'anon'))).toMatchObject({ role: 'anon' });
    expect(await verifyProjectKey(after.jwt_secret, refA, keyOf(before, 'anon'))).toBeNull();
    expect((await reader.get(`/api/platform/projects/${refA}/config/secrets/update-status`)).body).toEqual(answer.body);
  });

  it('answers Failed and keeps the old secret when signing fails', async () => {
    const before = (await settings(owner, refB)).body;
    platform.ctx.config.faults.push('jwt-secret:sign');
    try {
      const answer = await owner.post(`/api/platform/projects/${refB}/config/secrets`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'Failed', error: expect.stringContaining('Injected fault') });
    } finally {
      platform.ctx.config.faults.pop();
    }
    const after = (await settings(owner, refB)).body;
    expect(after.jwtSecretUpdateStatus.status).toBe('Failed');
    expect(after.service_api_keys).toEqual(before.service_api_keys);
    // A new attempt goes through.
    expect((await owner.post(`/api/platform/projects/${refB}/config/secrets`)).body.status).toBe('Updated');
  });
});
