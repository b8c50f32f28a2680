import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, waitFor } from './harness.ts';
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
  project = await startRestProject(SCHEMA);
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
