import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedProxies } from '../src/trusted-proxies.ts';
import { query, waitFor } from './harness.ts';
import { memberWith } from './meta-fixture.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

// The real supabase-js client, unchanged, signing users up and in on a running Basin (/auth/v1),
// and the data API's row level security seeing who they are.
let project: RestProject;
let apiUrl: string;

const SCHEMA = `
  create table notes (id serial primary key, owner uuid not null default auth.uid() references auth.users (id) on delete cascade, body text not null);
  alter table notes enable row level security;
  create policy own_notes on notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
  create table profiles (id uuid primary key references auth.users (id) on delete cascade, email text, nickname text);
  create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
    begin insert into public.profiles (id, email, nickname) values (new.id, new.email, new.raw_user_meta_data ->> 'nickname'); return new; end $$;
  create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
`;

const client = (): SupabaseClient => supabaseClient(apiUrl, project.keys.anon);
const configure = (settings: Record<string, unknown>) =>
  project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
let emailCount = 0;
const newEmail = () => `user-${Date.now().toString(36)}-${emailCount++}@example.com`;
const PASSWORD = 'a fine password 1';

beforeAll(async () => {
  // As behind a reverse proxy on this machine: X-Forwarded-For names the client (the limits key on it).
  project = await startRestProject(SCHEMA, { trustedProxies: new TrustedProxies(['127.0.0.0/8']) });
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  expect((await configure({ MAILER_AUTOCONFIRM: true, EXTERNAL_ANONYMOUS_USERS_ENABLED: true })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
});

describe('sign-up and sign-in with supabase-js (confirmations off)', () => {
  it('signs up with metadata, gets a session, and the member trigger on auth.users made the profile', async () => {
    const supabase = client();
    const email = newEmail();
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { data: { nickname: 'Neo' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { nickname: 'Neo', email, sub: data.user!.id },
    });
    expect(data.user!.identities).toHaveLength(1);
    const { data: profile } = await supabase.from('profiles').select('email, nickname').eq('id', data.user!.id).single();
    expect(profile).toEqual({ email, nickname: 'Neo' });
  });

  it('refuses a second sign-up, a weak password and a bad address with GoTrue codes', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const again = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    const weak = await supabase.auth.signUp({ email: newEmail(), password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const bad = await supabase.auth.signUp({ email: 'not an address', password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('signs in, refuses a wrong password without telling whether the address exists, and audits both', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: PASSWORD });
    const supabase = client();
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'not it at all' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const unknown = await supabase.auth.signInWithPassword({ email: newEmail(), password: PASSWORD });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    const { rows: actions } = await query(
      project.meta.connectionString,
      `select payload ->> 'action' as action from auth.audit_log_entries where payload ->> 'actor_username' = $1 order by created_at`,
      [email],
    );
    expect(actions.map((row) => row.action)).toEqual(['user_signedup', 'login_failed', 'login']);
  });

  it('getUser and updateUser (metadata, password, email) on the signed-in user', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password: PASSWORD, options: { data: { plan: 'free', theme: 'dark' } } });
    const { data: got } = await supabase.auth.getUser();
    expect(got.user?.email).toBe(email);
    const updated = await supabase.auth.updateUser({ data: { plan: 'pro', theme: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ plan: 'pro' });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('theme');
    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await supabase.auth.updateUser({ password: 'another fine one 2' })).error).toBeNull();
    const moved = newEmail();
    expect((await supabase.auth.updateUser({ email: moved })).data.user?.email).toBe(moved);
    const fresh = client();
    expect((await fresh.auth.signInWithPassword({ email: moved, password: 'another fine one 2' })).error).toBeNull();
  });

  it('refreshSession rotates the refresh token; a reused one is refused and ends the session', async () => {
    const supabase = client();
    const { data } = await supabase.auth.signUp({ email: newEmail(), password: PASSWORD });
    const first = data.session!.refresh_token;
    const { data: refreshed, error } = await supabase.auth.refreshSession({ refresh_token: first });
    expect(error).toBeNull();
    const second = refreshed.session!.refresh_token;
    expect(second).not.toBe(first);
    // Within the reuse interval the old token answers with the session's current one.
    const raced = await client().auth.refreshSession({ refresh_token: first });
    expect(raced.data.session?.refresh_token).toBe(second);
    const third = (await client().auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    // `first` is now two rotations old: taken as stolen, the whole session is revoked.
    const stolen = await client().auth.refreshSession({ refresh_token: first });
    expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const afterTheft = await client().auth.refreshSession({ refresh_token: third });
    expect(afterTheft.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const unknown = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signOut scopes: local ends this session, others the rest, global all of them', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: PASSWORD });
    const devices = await Promise.all(
      [1, 2, 3].map(async () => {
        const supabase = client();
        await supabase.auth.signInWithPassword({ email, password: PASSWORD });
        return supabase;
      }),
    );
    const tokens = await Promise.all(devices.map(async (supabase) => (await supabase.auth.getSession()).data.session!));
    expect((await devices[0]!.auth.signOut({ scope: 'others' })).error).toBeNull();
    const refreshOf = (i: number) => client().auth.refreshSession({ refresh_token: tokens[i]!.refresh_token });
    expect((await refreshOf(1)).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await refreshOf(2)).error).toMatchObject({ code: 'refresh_token_not_found' });
    const stillIn = await refreshOf(0);
    expect(stillIn.error).toBeNull();
    const user = client();
    await user.auth.setSession({ access_token: stillIn.data.session!.access_token, refresh_token: stillIn.data.session!.refresh_token });
    expect((await user.auth.signOut({ scope: 'local' })).error).toBeNull();
    // auth-js turns GoTrue's 403 session_not_found into its AuthSessionMissingError.
    const ended = await client().auth.getUser(stillIn.data.session!.access_token);
    expect(ended.error?.name).toBe('AuthSessionMissingError');
    const [laptop, phone] = await Promise.all(
      [1, 2].map(async () => (await client().auth.signInWithPassword({ email, password: PASSWORD })).data.session!),
    );
    const signedIn = client();
    await signedIn.auth.setSession({ access_token: laptop!.access_token, refresh_token: laptop!.refresh_token });
    expect((await signedIn.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await client().auth.refreshSession({ refresh_token: phone!.refresh_token })).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
  });

  it('anonymous sign-in when the project allows it, refused when it does not', async () => {
    const { data, error } = await client().auth.signInAnonymously({ options: { data: { guest: true } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, user_metadata: { guest: true } });
    await configure({ EXTERNAL_ANONYMOUS_USERS_ENABLED: false });
    const refused = await client().auth.signInAnonymously();
    expect(refused.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    await configure({ EXTERNAL_ANONYMOUS_USERS_ENABLED: true });
  });

  it('REST calls under RLS with auth.uid() see only the signed-in user’s rows', async () => {
    const alice = client();
    const bob = client();
    await alice.auth.signUp({ email: newEmail(), password: PASSWORD });
    await bob.auth.signUp({ email: newEmail(), password: PASSWORD });
    expect((await alice.from('notes').insert({ body: 'alice wrote this' })).error).toBeNull();
    expect((await bob.from('notes').insert({ body: 'bob wrote this' })).error).toBeNull();
    expect((await alice.from('notes').select('body')).data).toEqual([{ body: 'alice wrote this' }]);
    expect((await bob.from('notes').select('body')).data).toEqual([{ body: 'bob wrote this' }]);
    expect((await client().from('notes').select('body')).data).toEqual([]);
  });

  it('answers /settings and /health', async () => {
    const headers = { apikey: project.keys.anon };
    const settings = await (await fetch(`${apiUrl}/auth/v1/settings`, { headers })).json();
    expect(settings).toMatchObject({ external: { email: true, anonymous_users: true }, disable_signup: false, mailer_autoconfirm: true });
    expect((await fetch(`${apiUrl}/auth/v1/health`, { headers })).status).toBe(200);
    // Only the links of auth emails open without a key.
    expect((await fetch(`${apiUrl}/auth/v1/settings`)).status).toBe(401);
    expect((await fetch(`${apiUrl}/auth/v1/verify?token=nothing&type=signup`, { redirect: 'manual' })).status).toBe(303);
  });

  it('logs each auth request with its outcome, never its query string', async () => {
    await client().auth.signInWithPassword({ email: newEmail(), password: 'wrong one entirely' });
    const { db } = project.meta.platform.ctx;
    const read = () =>
      db.query(`select path, status, level, error_code, msg from auth_logs where ref = $1 and error_code = 'invalid_credentials'`, [
        project.meta.ref,
      ]);
    const { rows } = await waitFor(read, (result) => result.rows.length > 0);
    expect(rows[0]).toEqual({
      path: '/auth/v1/token',
      status: 400,
      level: 'warning',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  /** A password grant from `address`, as auth-js sends it without its API version (GoTrue's first error shape). */
  const passwordGrant = (email: string, password: string, address: string) =>
    fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: project.keys.anon, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
  const statuses = async (count: number, grant: (i: number) => Promise<Response>) => {
    const list: number[] = [];
    for (let i = 0; i < count; i++) list.push((await grant(i)).status);
    return list;
  };

  it('limits password sign-ins per client address and per account (RATE_LIMIT_OTP per 5 minutes), in the platform database', async () => {
    const target = newEmail();
    const bystander = newEmail();
    await client().auth.signUp({ email: target, password: PASSWORD });
    await client().auth.signUp({ email: bystander, password: PASSWORD });
    // Owners and Administrators set it, within core's bounds.
    const reader = await memberWith(project.meta, 'Read-only');
    expect((await reader.patch(`/api/platform/auth/${project.meta.ref}/config`, { RATE_LIMIT_OTP: 100_000 })).status).toBe(403);
    expect(await configure({ RATE_LIMIT_OTP: 0 })).toEqual({
      status: 400,
      body: { message: 'Sign-ups and sign-ins per 5 minutes must be at least 1' },
    });
    expect((await configure({ RATE_LIMIT_OTP: 3 })).body).toMatchObject({ RATE_LIMIT_OTP: 3 });
    try {
      // One address guessing: held back after 3, whatever account it tries next.
      expect(await statuses(4, () => passwordGrant(target, 'a wrong guess', '203.0.113.7'))).toEqual([400, 400, 400, 429]);
      const refused = await passwordGrant(bystander, PASSWORD, '203.0.113.7');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      // Other addresses and accounts go on: a right password signs in.
      expect((await passwordGrant(bystander, PASSWORD, '203.0.113.8')).status).toBe(200);
      // One account guessed from many addresses: held back after 3 in all, even with its password...
      const spread = newEmail();
      await client().auth.signUp({ email: spread, password: PASSWORD });
      expect(await statuses(4, (i) => passwordGrant(spread, 'a wrong guess', `198.51.100.${i + 1}`))).toEqual([400, 400, 400, 429]);
      expect((await passwordGrant(` ${spread.toUpperCase()} `, PASSWORD, '198.51.100.50')).status).toBe(429);
      // ...while another account from those addresses is not.
      expect((await passwordGrant(bystander, PASSWORD, '198.51.100.1')).status).toBe(200);
      // Counted where every platform replica reads them.
      const { rows } = await project.meta.platform.ctx.db.query(
        'select subject, hits from auth_rate_limits where project_ref = $1 and subject = any($2) order by subject',
        [project.meta.ref, [`address:203.0.113.7`, `account:${spread}`]],
      );
      expect(rows).toEqual([
        { subject: `account:${spread}`, hits: 5 },
        { subject: 'address:203.0.113.7', hits: 5 },
      ]);
    } finally {
      expect((await configure({ RATE_LIMIT_OTP: 30 })).status).toBe(200);
    }
  });

  it('refuses a NUL in the email of a password grant with a validation error, and changes nothing', async () => {
    const audited = async () =>
      Number((await query(project.meta.connectionString, 'select count(*) from auth.audit_log_entries')).rows[0].count);
    const before = await audited();
    const answer = await passwordGrant('someone\u0000@example.com', PASSWORD, '192.0.2.99');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
    expect(await audited()).toBe(before);
    const { rows } = await project.meta.platform.ctx.db.query('select 1 from auth_rate_limits where subject like $1', ['%192.0.2.99%']);
    expect(rows).toEqual([]);
  });

  // Last: the project's keys change with the secret.
  it('a rotated JWT secret ends every access token', async () => {
    const { data } = await client().auth.signUp({ email: newEmail(), password: PASSWORD });
    const token = data.session!.access_token;
    expect((await client().auth.getUser(token)).error).toBeNull();
    expect((await project.meta.owner.post(`/api/platform/projects/${project.meta.ref}/config/secrets`)).status).toBe(200);
    const settings = (await project.meta.owner.get(`/api/platform/projects/${project.meta.ref}/settings`)).body;
    const anon = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key as string;
    const refused = await supabaseClient(apiUrl, anon).auth.getUser(token);
    expect(refused.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});
