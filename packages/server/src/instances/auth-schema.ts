/**
 * The project's `auth` schema, column-compatible with Supabase Auth's so members' SQL, policies
 * and foreign keys to `auth.users(id)` work as they do there, and the login the auth API
 * (`/auth/v1`) works as: `supabase_auth_admin`, named as on Supabase so grants written for it
 * there apply here. The schema and functions belong to the superuser (so copies treat the schema
 * as the platform's); the tables belong to the auth login. Members (`postgres`) read them,
 * reference `auth.users` from their tables and hang triggers on it (a row in their own `profiles`
 * per sign-up), but cannot redefine them. Never a superuser's tables: a foreign key to one is
 * checked as its owner, through a cast the member may have written. A member's trigger or cast
 * runs as the auth login, which reaches only this schema. Plain SQL run as the superuser on
 * every create and start, idempotent: instances made before a table or column existed get it.
 */
import type pg from 'pg';
import { API_ROLES } from './api-roles.ts';
import { POSTGRES_ROLE } from './postgres-role.ts';
import { setRolePassword } from './readonly-role.ts';

export const AUTH_ROLE = 'supabase_auth_admin';

const TABLES_SQL = `
  create schema if not exists auth authorization basin_admin;

  create table if not exists auth.users (id uuid primary key);
  alter table auth.users
    add column if not exists instance_id uuid,
    add column if not exists aud varchar(255),
    add column if not exists role varchar(255),
    add column if not exists email varchar(255),
    add column if not exists encrypted_password varchar(255),
    add column if not exists email_confirmed_at timestamptz,
    add column if not exists invited_at timestamptz,
    add column if not exists confirmation_token varchar(255) default '',
    add column if not exists confirmation_sent_at timestamptz,
    add column if not exists recovery_token varchar(255) default '',
    add column if not exists recovery_sent_at timestamptz,
    add column if not exists email_change_token_new varchar(255) default '',
    add column if not exists email_change varchar(255) default '',
    add column if not exists email_change_sent_at timestamptz,
    add column if not exists last_sign_in_at timestamptz,
    add column if not exists raw_app_meta_data jsonb,
    add column if not exists raw_user_meta_data jsonb,
    add column if not exists is_super_admin boolean,
    add column if not exists created_at timestamptz default now(),
    add column if not exists updated_at timestamptz default now(),
    add column if not exists phone text default null,
    add column if not exists phone_confirmed_at timestamptz,
    add column if not exists phone_change text default '',
    add column if not exists phone_change_token varchar(255) default '',
    add column if not exists phone_change_sent_at timestamptz,
    add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
    add column if not exists email_change_token_current varchar(255) default '',
    add column if not exists email_change_confirm_status smallint default 0,
    add column if not exists banned_until timestamptz,
    add column if not exists reauthentication_token varchar(255) default '',
    add column if not exists reauthentication_sent_at timestamptz,
    add column if not exists is_sso_user boolean not null default false,
    add column if not exists deleted_at timestamptz,
    add column if not exists is_anonymous boolean not null default false;
  create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
  create unique index if not exists users_phone_key on auth.users (phone);
  create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
  create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
  create index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
  create index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
  create index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
  create index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';

  create table if not exists auth.identities (
    provider_id text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    identity_data jsonb not null,
    provider text not null,
    last_sign_in_at timestamptz,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    email text generated always as (lower(identity_data ->> 'email')) stored,
    id uuid primary key default gen_random_uuid(),
    unique (provider_id, provider)
  );
  create index if not exists identities_user_id_idx on auth.identities (user_id);
  create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

  do $$ begin
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  exception when duplicate_object then null;
  end $$;

  create table if not exists auth.sessions (
    id uuid primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    factor_id uuid,
    aal auth.aal_level,
    not_after timestamptz,
    refreshed_at timestamp,
    user_agent text,
    ip inet,
    tag text
  );
  create index if not exists sessions_user_id_idx on auth.sessions (user_id);
  create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
  create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

  create table if not exists auth.mfa_amr_claims (
    session_id uuid not null references auth.sessions (id) on delete cascade,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    authentication_method text not null,
    id uuid primary key,
    unique (session_id, authentication_method)
  );

  create table if not exists auth.refresh_tokens (
    instance_id uuid,
    id bigserial primary key,
    token varchar(255) unique,
    user_id varchar(255),
    revoked boolean,
    created_at timestamptz default now(),
    updated_at timestamptz default now(),
    parent varchar(255),
    session_id uuid references auth.sessions (id) on delete cascade
  );
  create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
  create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
  create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

  create table if not exists auth.audit_log_entries (
    instance_id uuid,
    id uuid primary key,
    payload json,
    created_at timestamptz default now(),
    ip_address varchar(64) not null default ''
  );
  create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);
  create index if not exists audit_log_entries_created_at_idx on auth.audit_log_entries (created_at desc);

  do $$ begin
    create type auth.code_challenge_method as enum ('s256', 'plain');
  exception when duplicate_object then null;
  end $$;

  create table if not exists auth.flow_state (
    id uuid primary key,
    user_id uuid references auth.users (id) on delete cascade,
    auth_code text not null,
    code_challenge_method auth.code_challenge_method not null,
    code_challenge text not null,
    provider_type text not null,
    provider_access_token text,
    provider_refresh_token text,
    created_at timestamptz,
    updated_at timestamptz,
    authentication_method text not null,
    auth_code_issued_at timestamptz
  );
  create index if not exists idx_auth_code on auth.flow_state (auth_code);
  create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
  create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

  do $$ begin
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  exception when duplicate_object then null;
  end $$;
  do $$ begin
    create type auth.factor_status as enum ('unverified', 'verified');
  exception when duplicate_object then null;
  end $$;

  create table if not exists auth.mfa_factors (
    id uuid primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    friendly_name text,
    factor_type auth.factor_type not null,
    status auth.factor_status not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    secret text,
    phone text,
    last_challenged_at timestamptz unique,
    web_authn_credential jsonb,
    web_authn_aaguid uuid,
    last_webauthn_challenge_data jsonb
  );
  create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
  create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
  create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

  create table if not exists auth.mfa_challenges (
    id uuid primary key,
    factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
    created_at timestamptz not null,
    verified_at timestamptz,
    ip_address inet not null,
    otp_code text,
    web_authn_session_data jsonb
  );
  create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

  -- Passkeys (first-factor WebAuthn credentials) and their ceremonies, as GoTrue keeps them apart from MFA factors.
  create table if not exists auth.webauthn_credentials (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references auth.users (id) on delete cascade,
    credential_id bytea not null,
    public_key bytea not null,
    attestation_type text not null default '',
    aaguid uuid,
    sign_count bigint not null default 0,
    transports jsonb not null default '[]',
    backup_eligible boolean not null default false,
    backed_up boolean not null default false,
    friendly_name text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_used_at timestamptz
  );
  create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
  create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

  create table if not exists auth.webauthn_challenges (
    id uuid primary key default gen_random_uuid(),
    user_id uuid references auth.users (id) on delete cascade,
    challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
    session_data jsonb not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  );
  create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

  create or replace function auth.jwt() returns jsonb language sql stable set search_path = ''
    as $$ select coalesce(nullif(pg_catalog.current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;
  create or replace function auth.uid() returns uuid language sql stable set search_path = ''
    as $$ select nullif(auth.jwt() ->> 'sub', '')::uuid $$;
  create or replace function auth.role() returns text language sql stable set search_path = ''
    as $$ select nullif(auth.jwt() ->> 'role', '') $$;
  create or replace function auth.email() returns text language sql stable set search_path = ''
    as $$ select nullif(auth.jwt() ->> 'email', '') $$;
`;

const TABLES = [
  'users',
  'identities',
  'sessions',
  'mfa_amr_claims',
  'refresh_tokens',
  'audit_log_entries',
  'flow_state',
  'mfa_factors',
  'mfa_challenges',
  'webauthn_credentials',
  'webauthn_challenges',
];
const TYPES = ['aal_level', 'code_challenge_method', 'factor_type', 'factor_status'];
const FUNCTIONS = ['jwt()', 'uid()', 'role()', 'email()'];

/** Creates or updates the auth login (with `password`), the schema, its tables and functions, and their grants. */
export async function ensureAuthSchema(client: pg.ClientBase, password: string): Promise<void> {
  const login = client.escapeIdentifier(AUTH_ROLE);
  const member = client.escapeIdentifier(POSTGRES_ROLE);
  const apiRoles = API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
  const tables = TABLES.map((table) => `auth.${table}`).join(', ');
  const functions = FUNCTIONS.map((fn) => `auth.${fn}`).join(', ');
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [AUTH_ROLE]);
  if (!rowCount) await client.query(`create role ${login}`);
  await setRolePassword(client, AUTH_ROLE, password);
  await client.query(`alter role ${login} with login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
  await client.query(`alter role ${login} set search_path = auth`);
  await client.query(TABLES_SQL);
  for (const table of TABLES) await client.query(`alter table auth.${table} owner to ${login}`);
  for (const type of TYPES) await client.query(`alter type auth.${type} owner to ${login}`);
  await client.query(`
    grant connect on database postgres to ${login};
    grant usage on schema auth to ${login}, ${member}, ${apiRoles};
    grant select, insert, update, delete on ${tables} to ${login};
    grant usage on sequence auth.refresh_tokens_id_seq to ${login};
    grant select on ${tables} to ${member};
    grant references, trigger on auth.users to ${member};
    grant all on auth.users to service_role;
    revoke all on function ${functions} from public;
    grant execute on function ${functions} to ${apiRoles}, ${member}, ${login};
  `);
}
