import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { VAULT_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, startTestPlatform, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';
import { signUpMember } from './membership.ts';
import { supabaseClient } from './supabase-client.ts';

// Settings → Vault through the platform's routes, read back by an app with supabase-js as
// service_role, on real instances; carried through a branch with data and a major upgrade.
type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
let platform: TestPlatform;
let org: Org;
let project: ProjectWithRows;
let reader: ApiClient;
let outsider: ApiClient;

const secrets = (ref: string) => `/api/platform/projects/${ref}/vault/secrets`;
const reveal = (client: ApiClient, ref: string, id: string) => client.get(`${secrets(ref)}/${id}/decrypted`);

/** The project's anon and service_role keys and its API URL (the gateway's path prefix), as an app has them. */
async function appKeys(ref: string) {
  const settings = (await org.owner.get(`/api/platform/projects/${ref}/settings`)).body;
  const key = (role: string) => settings.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  return { url: `${platform.url}/api/projects/${ref}/gateway`, anon: key('anon'), service: key('service_role') };
}

/** Every regular file under `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(file)));
    else if (entry.isFile()) found.push(file);
  }
  return found;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url, 'pro');
  reader = await signUpMember(org.owner, org.slug, 'Read-only', 'vault-reader');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('vault-outsider'));
  project = await projectWithRows(org, '17', 10);
}, 180_000);
afterAll(() => platform?.destroy());

describe('the Vault routes', () => {
  it('add a secret that service_role reads through vault.decrypted_secrets with supabase-js, and anon cannot', async () => {
    const created = await org.owner.post(secrets(project.ref), {
      name: 'stripe_key',
      description: 'Live key',
      secret: 'sk_live_from-the-page-81c3',
    });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(String), name: 'stripe_key', description: 'Live key' } });
    expect(created.body).not.toHaveProperty('secret');
    expect(created.body).not.toHaveProperty('decrypted_secret');

    // How apps read the vault on Supabase: a function of the member's, here running as its caller.
    await query(
      project.connectionString,
      `create function public.read_secret(secret_name text) returns text language sql stable security invoker set search_path = ''
         as $$ select decrypted_secret from vault.decrypted_secrets where name = secret_name $$`,
    );
    const keys = await appKeys(project.ref);
    const asService = await supabaseClient(keys.url, keys.service).rpc('read_secret', { secret_name: 'stripe_key' });
    expect(asService).toMatchObject({ data: 'sk_live_from-the-page-81c3', error: null });
    const asAnon = await supabaseClient(keys.url, keys.anon).rpc('read_secret', { secret_name: 'stripe_key' });
    expect(asAnon.data).toBeNull();
    expect(asAnon.error).toMatchObject({ code: '42501', message: 'permission denied for schema vault' });
  });

  it('list without values, reveal one, update and delete; a name is unique', async () => {
    const made = (await org.developer.post(secrets(project.ref), { name: 'github_token', secret: 'ghp_first' })).body;
    const listed = await org.developer.get(secrets(project.ref));
    expect(listed.status).toBe(200);
    expect(listed.body.map((secret: { name: string }) => secret.name)).toEqual(['github_token', 'stripe_key']);
    expect(JSON.stringify(listed.body)).not.toMatch(/ghp_first|sk_live/);
    expect(await reveal(org.developer, project.ref, made.id)).toMatchObject({
      status: 200,
      body: { id: made.id, decrypted_secret: 'ghp_first' },
    });

    const updated = await org.developer.patch(`${secrets(project.ref)}/${made.id}`, { secret: 'ghp_second', description: 'Rotated' });
    expect(updated).toMatchObject({ status: 200, body: { name: 'github_token', description: 'Rotated' } });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThan(Date.parse(made.updated_at));
    expect((await reveal(org.owner, project.ref, made.id)).body.decrypted_secret).toBe('ghp_second');

    expect(await org.owner.post(secrets(project.ref), { name: 'github_token', secret: 'x' })).toMatchObject({
      status: 409,
      body: { message: VAULT_MESSAGES.nameTaken('github_token') },
    });
    expect(await org.owner.patch(`${secrets(project.ref)}/${made.id}`, { name: 'stripe_key' })).toMatchObject({ status: 409 });
    expect(await org.owner.post(secrets(project.ref), { name: ' ', secret: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Name is required' },
    });
    expect(await org.owner.patch(`${secrets(project.ref)}/${made.id}`, {})).toMatchObject({
      status: 400,
      body: { message: 'Nothing to change' },
    });

    expect(await org.developer.delete(`${secrets(project.ref)}/${made.id}`)).toMatchObject({ status: 200, body: { id: made.id } });
    const gone = '00000000-0000-4000-8000-000000000000';
    expect(await reveal(org.owner, project.ref, made.id)).toMatchObject({ status: 404, body: { message: VAULT_MESSAGES.notFound } });
    expect((await org.owner.delete(`${secrets(project.ref)}/${gone}`)).status).toBe(404);
    expect((await org.owner.get(`${secrets(project.ref)}/not-a-uuid/decrypted`)).status).toBe(400);
  });

  it('are in the OpenAPI document, with the password reset', async () => {
    const { status, body } = await org.owner.get('/api/platform/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/projects/{ref}/vault/secrets',
        '/projects/{ref}/vault/secrets/{id}',
        '/projects/{ref}/vault/secrets/{id}/decrypted',
        '/projects/{ref}/db-password',
      ]),
    );
  });

  it('answers 404 to outsiders and 403 to Read-only members, whose database role reaches no vault', async () => {
    const [first] = (await org.owner.get(secrets(project.ref))).body;
    for (const [method, url, body] of [
      ['GET', secrets(project.ref), undefined],
      ['POST', secrets(project.ref), { name: 'nope', secret: 'x' }],
      ['PATCH', `${secrets(project.ref)}/${first.id}`, { description: 'x' }],
      ['DELETE', `${secrets(project.ref)}/${first.id}`, undefined],
      ['GET', `${secrets(project.ref)}/${first.id}/decrypted`, undefined],
    ] as const) {
      expect((await outsider.call(method, url, body)).status, `${method} ${url}`).toBe(404);
      expect(await reader.call(method, url, body), `${method} ${url}`).toMatchObject({
        status: 403,
        body: { message: VAULT_MESSAGES.noPermission },
      });
    }
    await expect(query(project.connectionStringReadOnly, 'select * from vault.secrets')).rejects.toThrow(
      /permission denied for schema vault/,
    );
  });

  it('keeps the plain text out of the data directory and the key beside it', async () => {
    const marker = 'vault-marker-5d0c9e1b7a';
    expect((await org.owner.post(secrets(project.ref), { name: 'marker', secret: marker })).status).toBe(201);
    const dataDir = path.join(platform.dataDir, 'projects', project.ref);
    for (const file of await filesUnder(dataDir)) {
      const content = await readFile(file).catch(() => Buffer.alloc(0));
      expect(content.includes(marker), file).toBe(false);
    }
    expect((await stat(`${dataDir}.vault-key`)).mode & 0o777).toBe(0o400);
  });
});

describe('the Vault in copies', () => {
  it('comes along in a branch with data, which decrypts with its parent key', async () => {
    const { id } = (await org.owner.post(secrets(project.ref), { name: 'for_branch', secret: 'branch me' })).body;
    const created = await org.owner.post(`/api/v1/projects/${project.ref}/branches`, { branch_name: 'vault-copy', with_data: true });
    expect(created.status).toBe(201);
    const branch: string = created.body.project_ref;
    await waitForStatus(org.owner, branch, 'ACTIVE_HEALTHY');
    expect((await reveal(org.owner, branch, id)).body.decrypted_secret).toBe('branch me');
    // The branch's vault is its own from then on.
    await org.owner.patch(`${secrets(branch)}/${id}`, { secret: 'changed on the branch' });
    expect((await reveal(org.owner, project.ref, id)).body.decrypted_secret).toBe('branch me');
  }, 180_000);

  it('survives a major upgrade from 15 to 17', async () => {
    const old = await projectWithRows(org, '15', 10);
    const { id } = (await org.owner.post(secrets(old.ref), { name: 'upgraded', secret: 'still here ✓' })).body;
    const started = await org.owner.post(`/api/v1/projects/${old.ref}/upgrade`, { target_version: '17' });
    expect(started.status).toBe(202);
    const ended = await waitFor(
      async () => (await org.owner.get(`/api/v1/projects/${old.ref}/upgrade/status`)).body.databaseUpgradeStatus,
      (status) => status.status !== 'Upgrading',
      240_000,
      100,
    );
    expect(ended).toMatchObject({ status: 'Upgraded', error: null });
    await waitForStatus(org.owner, old.ref, 'ACTIVE_HEALTHY');
    expect((await reveal(org.owner, old.ref, id)).body.decrypted_secret).toBe('still here ✓');
    expect((await org.owner.post(secrets(old.ref), { name: 'after', secret: 'new on 17' })).status).toBe(201);
  }, 240_000);
});
