/**
 * Asymmetric JWT signing keys as an app meets them: a standby key published in the JWKS, a
 * rotation after which new access tokens are ES256 (then RS256) with the key's id as kid, auth-js's
 * getClaims verifying them locally, REST, storage, realtime and the auth API accepting tokens of
 * every current key while the legacy anon and service_role keys keep working, and a revoked key
 * ending the tokens it signed. Plus the rules of the keys' statuses and who may change them.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiClient } from './harness.ts';
import { memberWith } from './meta-fixture.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

const SQL = `
create table public.notes (id int primary key, owner uuid not null default auth.uid(), body text);
alter table public.notes enable row level security;
grant select, insert on public.notes to authenticated;
create policy "own notes" on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
notify pgrst, 'reload schema';`;

let project: RestProject;
let apiUrl: string;
let keysPath: string;
const PASSWORD = 'a fine password 1';
let count = 0;
const clients: SupabaseClient[] = [];

const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string; kid?: string };

/** A client whose calls to the auth API are counted by path, to tell local verification from a round trip. */
function countingClient() {
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push(url.pathname.replace(/^.*\/auth\/v1/, ''));
    return fetch(input, init);
  };
  const client = createClient(apiUrl, project.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: counting },
    realtime: { transport: WebSocket as never },
  });
  clients.push(client);
  return { client, calls };
}

/** A confirmed user signed in on a client of their own; its access token. */
async function signedIn() {
  const email = `keys-${Date.now().toString(36)}-${count++}@example.com`;
  const admin = supabaseClient(apiUrl, project.keys.service);
  expect((await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
  const { client, calls } = countingClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, calls, token: data.session!.access_token, refreshToken: data.session!.refresh_token };
}

const restAs = (token: string, path = 'notes?select=id') => fetch(`${project.url}/${path}`, { headers: withKey(project.keys.anon, token) });
const jwks = async () =>
  (await (await fetch(`${apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string; alg: string }[] };
const keys = async (as: ApiClient = project.meta.owner) =>
  (await as.get(keysPath)).body.keys as { id: string; algorithm: string; status: string }[];

/** Subscribes a client whose realtime token is `token`; resolves with the channel's first status. */
async function channelStatus(token: string): Promise<string> {
  const client = supabaseClient(apiUrl, project.keys.anon);
  clients.push(client);
  await client.realtime.setAuth(token);
  const channel: RealtimeChannel = client.channel(`room-${count++}`);
  return new Promise((resolve) => channel.subscribe((status) => status !== 'CLOSED' && resolve(status)));
}

beforeAll(async () => {
  project = await startRestProject(SQL);
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  keysPath = `/api/platform/projects/${project.meta.ref}/config/auth/signing-keys`;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  await project?.meta.platform.stop();
});

describe('signing keys', () => {
  let legacyToken: string;
  let es256: string;
  let es256Token: string;

  it('starts with the legacy shared secret in use and an empty JWKS, tokens HS256 checked by the server', async () => {
    expect(await keys()).toEqual([expect.objectContaining({ id: 'legacy', algorithm: 'HS256', status: 'in_use' })]);
    expect(await jwks()).toEqual({ keys: [] });
    const user = await signedIn();
    legacyToken = user.token;
    expect(headerOf(legacyToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { data, error } = await user.client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.role).toBe('authenticated');
    expect(user.calls).toContain('/user'); // no key to verify with locally
  });

  it('publishes a standby key before it signs anything', async () => {
    const created = await project.meta.owner.post(keysPath, { algorithm: 'ES256' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      algorithm: 'ES256',
      status: 'standby',
      public_jwk: { kty: 'EC', crv: 'P-256', kid: created.body.id },
    });
    expect(created.body.public_jwk).not.toHaveProperty('d');
    es256 = created.body.id;
    expect((await jwks()).keys).toEqual([expect.objectContaining({ kid: es256, alg: 'ES256', use: 'sig', key_ops: ['verify'] })]);
    expect(headerOf((await signedIn()).token).alg).toBe('HS256');
    const second = await project.meta.owner.post(keysPath, { algorithm: 'RS256' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('There is already a standby key: rotate to it or revoke it first');
  });

  it('signs new tokens with the key rotated to, which getClaims verifies without asking the server', async () => {
    const rotated = await project.meta.owner.patch(`${keysPath}/${es256}`, { status: 'in_use' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.status).toBe('in_use');
    expect((await keys()).map((key) => [key.id, key.status])).toEqual([
      ['legacy', 'previously_used'],
      [es256, 'in_use'],
    ]);
    const user = await signedIn();
    es256Token = user.token;
    expect(headerOf(es256Token)).toMatchObject({ alg: 'ES256', kid: es256 });
    user.calls.length = 0;
    const { data, error } = await user.client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe((await user.client.auth.getUser()).data.user?.id);
    expect(user.calls).toEqual(['/.well-known/jwks.json', '/user']); // getUser above is the only round trip for the user
  });

  it('serves REST, storage, realtime and the auth API to tokens of every current key, and the legacy keys', async () => {
    for (const token of [es256Token, legacyToken]) {
      const answer = await restAs(token);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([]);
      const buckets = await fetch(`${apiUrl}/storage/v1/bucket`, { headers: withKey(project.keys.anon, token) });
      expect(buckets.status).toBe(200);
      expect(await channelStatus(token)).toBe('SUBSCRIBED');
      const user = await fetch(`${apiUrl}/auth/v1/user`, { headers: withKey(project.keys.anon, token) });
      expect(user.status).toBe(200);
    }
    const owner = supabaseClient(apiUrl, project.keys.anon, es256Token);
    expect((await owner.from('notes').insert({ id: 1, body: 'signed with ES256' })).error).toBeNull();
    expect((await owner.from('notes').select('id, body')).data).toEqual([{ id: 1, body: 'signed with ES256' }]);
    expect((await restAs(project.keys.service, 'notes?select=id')).status).toBe(200);
    expect((await restAs(project.keys.anon, 'notes?select=id')).status).toBe(200);
  });

  it('refreshes an HS256 session into a token of the key in use', async () => {
    const user = await signedIn();
    await project.meta.owner.patch(`${keysPath}/legacy`, { status: 'in_use' });
    const hs = (await user.client.auth.refreshSession()).data.session!;
    expect(headerOf(hs.access_token).alg).toBe('HS256');
    await project.meta.owner.patch(`${keysPath}/${es256}`, { status: 'in_use' });
    const refreshed = (await user.client.auth.refreshSession()).data.session!;
    expect(headerOf(refreshed.access_token)).toMatchObject({ alg: 'ES256', kid: es256 });
  });

  it('rotates to an RS256 key made in use at once, the ES256 one still verifying', async () => {
    const created = await project.meta.owner.post(keysPath, { algorithm: 'RS256', status: 'in_use' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ algorithm: 'RS256', status: 'in_use', public_jwk: { kty: 'RSA', kid: created.body.id } });
    const user = await signedIn();
    expect(headerOf(user.token)).toMatchObject({ alg: 'RS256', kid: created.body.id });
    expect((await user.client.auth.getClaims()).error).toBeNull();
    expect((await restAs(user.token)).status).toBe(200);
    expect((await keys()).find((key) => key.id === es256)?.status).toBe('previously_used');
    expect((await restAs(es256Token)).status).toBe(200);
    expect((await jwks()).keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
  });

  it('ends every token a revoked key signed, everywhere, and unpublishes it', async () => {
    const revoked = await project.meta.owner.patch(`${keysPath}/${es256}`, { status: 'revoked' });
    expect(revoked.status).toBe(200);
    const rest = await restAs(es256Token);
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: 'PGRST301', message: 'No suitable key or wrong key type' });
    const user = await fetch(`${apiUrl}/auth/v1/user`, { headers: withKey(project.keys.anon, es256Token) });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'bad_jwt' });
    expect(await channelStatus(es256Token)).toBe('CHANNEL_ERROR');
    expect((await jwks()).keys.map((key) => key.kid)).not.toContain(es256);
    // Headers that name no key at all: refused as GoTrue refuses them, never a 500.
    for (const header of ['null', '{"alg":"ES256"}', '{"alg":"none","kid":"x"}', 'not json']) {
      const forged = `${Buffer.from(header).toString('base64url')}.${Buffer.from('{}').toString('base64url')}.c2ln`;
      const answer = await fetch(`${apiUrl}/auth/v1/user`, { headers: withKey(project.keys.anon, forged) });
      expect([header, answer.status]).toEqual([header, 403]);
    }
    expect((await restAs(legacyToken)).status).toBe(200);
  });

  it('refuses the moves that would break tokens, and removes only revoked keys', async () => {
    const inUse = (await keys()).find((key) => key.status === 'in_use')!;
    const refusals: [string, () => Promise<{ status: number; body: any }>, number, string][] = [
      [
        'revoke in use',
        () => project.meta.owner.patch(`${keysPath}/${inUse.id}`, { status: 'revoked' }),
        400,
        'The key in use cannot be revoked: rotate to another key first',
      ],
      [
        'revoke legacy',
        () => project.meta.owner.patch(`${keysPath}/legacy`, { status: 'revoked' }),
        400,
        "The legacy JWT secret signs the project's anon and service_role keys: it cannot be revoked",
      ],
      [
        'reuse revoked',
        () => project.meta.owner.patch(`${keysPath}/${es256}`, { status: 'in_use' }),
        400,
        'A revoked key cannot be used again',
      ],
      ['delete in use', () => project.meta.owner.delete(`${keysPath}/${inUse.id}`), 400, 'Only a revoked key can be deleted'],
      ['bad algorithm', () => project.meta.owner.post(keysPath, { algorithm: 'HS512' }), 400, 'The algorithm must be ES256 or RS256'],
      ['unknown key', () => project.meta.owner.patch(`${keysPath}/not-a-key`, { status: 'standby' }), 404, 'Signing key not found'],
    ];
    for (const [what, call, status, message] of refusals) {
      const answer = await call();
      expect([what, answer.status, answer.body.message ?? JSON.stringify(answer.body)]).toEqual([
        what,
        status,
        expect.stringContaining(message),
      ]);
    }
    expect((await keys()).length).toBe(3);
    const removed = await project.meta.owner.delete(`${keysPath}/${es256}`);
    expect(removed.status).toBe(200);
    expect((await keys()).map((key) => key.id)).not.toContain(es256);
  });

  it('lets developers read the keys but only owners and administrators change them', async () => {
    const developer = await memberWith(project.meta, 'Developer');
    expect((await keys(developer)).length).toBe(2);
    const refused = await developer.post(keysPath, { algorithm: 'ES256' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You need additional permissions to change the signing keys');
    const outsider = await memberWith(project.meta, null);
    expect((await outsider.get(keysPath)).status).toBe(404);
  });

  it('answers the same keys on the management API', async () => {
    const v1 = await project.meta.owner.get(`/api/v1/projects/${project.meta.ref}/config/auth/signing-keys`);
    expect(v1.status).toBe(200);
    expect(v1.body.keys).toEqual(await keys());
  });
});
