/**
 * The custom access token hook as a Supabase project writes it (a Postgres function granted to
 * supabase_auth_admin), configured through the dashboard's auth settings: its claims are in every
 * access token the project issues, sign-in and refresh alike, and policies read them; a hook that
 * fails, refuses or answers broken claims answers GoTrue's error and logs why.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, uniqueEmail } from './harness.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

const SQL = `
create table public.user_roles (user_id uuid primary key, role text not null);
grant select on public.user_roles to supabase_auth_admin;
create table public.reports (id int primary key, title text);
insert into public.reports values (1, 'Quarterly');
alter table public.reports enable row level security;
grant select on public.reports to authenticated;
create policy "admins read" on public.reports for select to authenticated using ((auth.jwt() ->> 'user_role') = 'admin');

create function public.custom_access_token_hook(event jsonb) returns jsonb language plpgsql stable as $$
declare
  claims jsonb := event -> 'claims';
  found text;
begin
  select role into found from public.user_roles where user_id = (event ->> 'user_id')::uuid;
  claims := jsonb_set(claims, '{user_role}', coalesce(to_jsonb(found), 'null'));
  claims := jsonb_set(claims, '{hook_saw}', to_jsonb(event ->> 'authentication_method'));
  return jsonb_build_object('claims', claims);
end $$;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;

create function public.failing_hook(event jsonb) returns jsonb language plpgsql as $$ begin raise exception 'no roles today'; end $$;
create function public.refusing_hook(event jsonb) returns jsonb language sql as $$
  select jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Your organization has no seats left'))
$$;
create function public.broken_hook(event jsonb) returns jsonb language sql as $$ select jsonb_build_object('claims', jsonb_build_object('sub', event ->> 'user_id')) $$;
grant execute on function public.failing_hook(jsonb), public.refusing_hook(jsonb), public.broken_hook(jsonb) to supabase_auth_admin;

-- Three wrong passwords lock the account, and sign it out everywhere.
create table public.failed_sign_ins (user_id uuid primary key, count int not null);
grant select, insert, update on public.failed_sign_ins to supabase_auth_admin;
create function public.password_attempt_hook(event jsonb) returns jsonb language plpgsql as $$
declare failures int;
begin
  if (event ->> 'valid')::boolean then
    select count into failures from public.failed_sign_ins where user_id = (event ->> 'user_id')::uuid;
  else
    insert into public.failed_sign_ins values ((event ->> 'user_id')::uuid, 1)
      on conflict (user_id) do update set count = failed_sign_ins.count + 1 returning count into failures;
  end if;
  if coalesce(failures, 0) >= 3 then
    return jsonb_build_object('decision', 'reject', 'message', 'Too many failed sign-ins', 'should_logout_user', true);
  end if;
  return jsonb_build_object('decision', 'continue');
end $$;
create function public.mfa_attempt_hook(event jsonb) returns jsonb language sql as $$
  select case when (event ->> 'valid')::boolean then '{"decision": "continue"}'::jsonb else '{"decision": "reject"}'::jsonb end
$$;
grant execute on function public.password_attempt_hook(jsonb), public.mfa_attempt_hook(jsonb) to supabase_auth_admin;

-- What the sign-up and email hooks were called with, and a sign-up policy on email domains.
create table public.hook_events (id bigint generated always as identity primary key, name text not null, payload jsonb not null);
grant insert on public.hook_events to supabase_auth_admin;
create function public.before_user_created_hook(event jsonb) returns jsonb language plpgsql as $$
begin
  insert into public.hook_events (name, payload) values ('before-user-created', event);
  if event -> 'user' ->> 'email' like '%@blocked.test' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups from blocked.test are closed'));
  end if;
  return '{}'::jsonb;
end $$;
create function public.send_email_hook(event jsonb) returns jsonb language plpgsql as $$
begin
  insert into public.hook_events (name, payload) values ('send-email', event);
  return '{}'::jsonb;
end $$;
grant execute on function public.before_user_created_hook(jsonb), public.send_email_hook(jsonb) to supabase_auth_admin;
notify pgrst, 'reload schema';`;

let project: RestProject;
let apiUrl: string;
const PASSWORD = 'a fine password 1';
const admin = () => supabaseClient(apiUrl, project.keys.service);
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const configure = async (settings: Record<string, unknown>) => {
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const fn = (name: string | null) => name && `pg-functions://postgres/public/${name}`;
const useHook = (name: string | null) =>
  configure({ HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: name !== null, HOOK_CUSTOM_ACCESS_TOKEN_URI: fn(name) });

async function newUser(): Promise<{ email: string; id: string }> {
  const email = uniqueEmail('hooked');
  const { data, error } = await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  return { email, id: data.user!.id };
}

const signIn = (client: SupabaseClient, email: string) => client.auth.signInWithPassword({ email, password: PASSWORD });

/** The payloads a hook got for `email`, oldest first. */
const hookEvents = async (name: string, email: string) =>
  (
    await query(
      project.meta.connectionString,
      `select payload from public.hook_events where name = $1 and payload -> 'user' ->> 'email' = $2 order by id`,
      [name, email],
    )
  ).rows.map((row) => row.payload as Record<string, any>);
const usersNamed = async (email: string) =>
  (await query(project.meta.connectionString, 'select count(*)::int as n from auth.users where email = $1', [email])).rows[0].n as number;

beforeAll(async () => {
  project = await startRestProject(SQL);
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
}, 120_000);

afterAll(() => project?.meta.platform.stop());

describe('the custom access token hook', () => {
  it('adds its claims to the tokens of a sign-in and a refresh, which policies then read', async () => {
    const { email, id } = await newUser();
    await query(project.meta.connectionString, `insert into public.user_roles values ($1, 'admin')`, [id]);
    await useHook('custom_access_token_hook');
    const client = supabaseClient(apiUrl, project.keys.anon);
    const { data, error } = await signIn(client, email);
    expect(error).toBeNull();
    expect(claimsOf(data.session!.access_token)).toMatchObject({ sub: id, user_role: 'admin', hook_saw: 'password', aal: 'aal1' });
    expect((await client.from('reports').select('title')).data).toEqual([{ title: 'Quarterly' }]);

    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ user_role: 'admin', hook_saw: 'token_refresh' });

    // Another user has no role: the hook says so, and the policy hides the rows.
    const other = await newUser();
    const second = supabaseClient(apiUrl, project.keys.anon);
    await signIn(second, other.email);
    expect((await second.from('reports').select('title')).data).toEqual([]);
  });

  it('answers GoTrue’s errors for a hook that fails, refuses, or answers claims without the required ones', async () => {
    const { email } = await newUser();
    const client = supabaseClient(apiUrl, project.keys.anon);
    await useHook('failing_hook');
    expect((await signIn(client, email)).error).toMatchObject({
      status: 500,
      message: 'Error running hook URI: pg-functions://postgres/public/failing_hook',
    });
    await useHook('refusing_hook');
    expect((await signIn(client, email)).error).toMatchObject({ status: 403, message: 'Your organization has no seats left' });
    await useHook('broken_hook');
    expect((await signIn(client, email)).error).toMatchObject({
      status: 500,
      message: expect.stringMatching(/^output claims do not conform/),
    });
    await useHook(null);
    expect((await signIn(client, email)).error).toBeNull();
  });

  it('lets the password verification attempt hook lock an account and sign it out everywhere', async () => {
    await configure({
      HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: true,
      HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: fn('password_attempt_hook'),
    });
    try {
      const { email } = await newUser();
      const signedIn = supabaseClient(apiUrl, project.keys.anon);
      expect((await signIn(signedIn, email)).error).toBeNull();
      const guesser = supabaseClient(apiUrl, project.keys.anon);
      for (let i = 0; i < 2; i++) {
        const wrong = await guesser.auth.signInWithPassword({ email, password: 'not it at all' });
        expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
      }
      const third = await guesser.auth.signInWithPassword({ email, password: 'not it at all' });
      expect(third.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Too many failed sign-ins' });
      // Locked even with the right password, and the session signed in before is gone.
      expect((await signIn(supabaseClient(apiUrl, project.keys.anon), email)).error?.message).toBe('Too many failed sign-ins');
      expect((await signedIn.auth.refreshSession()).error).toBeTruthy();
    } finally {
      await configure({ HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: false });
    }
  });

  it('lets the MFA verification attempt hook reject a wrong code, which signs the user out', async () => {
    await configure({ HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: true, HOOK_MFA_VERIFICATION_ATTEMPT_URI: fn('mfa_attempt_hook') });
    try {
      const { email } = await newUser();
      const client = supabaseClient(apiUrl, project.keys.anon);
      await signIn(client, email);
      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
      const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
      const good = await client.auth.mfa.challengeAndVerify({
        factorId: id,
        code: new TOTP({ secret: Secret.fromBase32(totp.secret) }).generate(),
      });
      expect(good.error).toBeNull();
      const challenge = await client.auth.mfa.challenge({ factorId: id });
      const rejected = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: '000000' });
      expect(rejected.error).toMatchObject({
        status: 403,
        code: 'mfa_verification_rejected',
        message: 'Further MFA verification attempts will be rejected.',
      });
      expect((await client.auth.refreshSession()).error).toBeTruthy();
    } finally {
      await configure({ HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: false });
    }
  });

  it('refuses a hook that is not a plain Postgres function name', async () => {
    for (const uri of [
      'https://hooks.example.com/token',
      'pg-functions://postgres/public/x; drop table users',
      'pg-functions://postgres/Public/x',
    ]) {
      const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, { HOOK_CUSTOM_ACCESS_TOKEN_URI: uri });
      expect(answer.status, uri).toBe(400);
    }
  });
});

describe('the before user created hook', () => {
  it('sees each sign-up before the user exists and may refuse it, creating nothing; the admin API skips it', async () => {
    await configure({
      HOOK_BEFORE_USER_CREATED_ENABLED: true,
      HOOK_BEFORE_USER_CREATED_URI: fn('before_user_created_hook'),
      MAILER_AUTOCONFIRM: true,
    });
    try {
      const client = supabaseClient(apiUrl, project.keys.anon);
      const blocked = `someone-${Date.now().toString(36)}@blocked.test`;
      const refused = await client.auth.signUp({ email: blocked, password: PASSWORD });
      expect(refused.error).toMatchObject({ status: 403, message: 'Sign-ups from blocked.test are closed' });
      expect(await usersNamed(blocked)).toBe(0);

      const email = uniqueEmail('welcome');
      const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { plan: 'free' } } });
      expect(error).toBeNull();
      const [seen] = await hookEvents('before-user-created', email);
      expect(seen).toMatchObject({
        metadata: { name: 'before-user-created', ip_address: expect.any(String) },
        user: {
          id: data.user!.id,
          email,
          aud: 'authenticated',
          role: 'authenticated',
          user_metadata: { plan: 'free' },
          is_anonymous: false,
        },
      });

      const anonymous = supabaseClient(apiUrl, project.keys.anon);
      await configure({ EXTERNAL_ANONYMOUS_USERS_ENABLED: true });
      expect((await anonymous.auth.signInAnonymously()).error).toBeNull();
      expect((await hookEvents('before-user-created', '')).at(-1)?.user.is_anonymous).toBe(true);

      const byAdmin = await admin().auth.admin.createUser({ email: `staff-${Date.now().toString(36)}@blocked.test`, password: PASSWORD });
      expect(byAdmin.error).toBeNull();
    } finally {
      await configure({ HOOK_BEFORE_USER_CREATED_ENABLED: false, MAILER_AUTOCONFIRM: false });
    }
  });
});

describe('the send email hook', () => {
  it('gets the codes and hashes of each auth email instead of SMTP or the Mailbox, and they verify', async () => {
    await configure({
      HOOK_SEND_EMAIL_ENABLED: true,
      HOOK_SEND_EMAIL_URI: fn('send_email_hook'),
      MAILER_AUTOCONFIRM: false,
      SMTP_MAX_FREQUENCY: 0,
    });
    try {
      const client = supabaseClient(apiUrl, project.keys.anon);
      const email = uniqueEmail('hook-mail');
      expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
      const kept = (await project.meta.owner.get(`/api/platform/auth/${project.meta.ref}/mailbox`)).body.messages as { to: string }[];
      expect(kept.some((message) => message.to === email)).toBe(false);

      const [signup] = await hookEvents('send-email', email);
      expect(signup!.email_data).toMatchObject({
        email_action_type: 'signup',
        token: expect.stringMatching(/^\d{6}$/),
        token_hash: expect.stringMatching(/^[0-9a-f]{56}$/),
        token_new: '',
        token_hash_new: '',
        site_url: `${apiUrl}/auth/v1`,
      });
      const verified = await client.auth.verifyOtp({ token_hash: signup!.email_data.token_hash, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.email_confirmed_at).toBeTruthy();

      expect((await client.auth.reauthenticate()).error).toBeNull();
      expect((await hookEvents('send-email', email)).at(-1)?.email_data.email_action_type).toBe('reauthentication');
    } finally {
      await configure({ HOOK_SEND_EMAIL_ENABLED: false });
    }
  });
});
