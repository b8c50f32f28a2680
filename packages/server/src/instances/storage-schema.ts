/**
 * The project's `storage` schema, column-compatible with Supabase Storage's, so members write
 * their policies on `storage.objects` exactly as Supabase's guides show them and reference objects
 * from their own tables. The storage API (`/storage/v1`, src/storage/) needs no login of its own:
 * it runs its statements as the request's API role through the data API's `authenticator`, so row
 * level security decides what each user may list, read and write; `service_role` bypasses it.
 *
 * Ownership: the schema belongs to the superuser (so copies treat it as the platform's, like
 * `auth`), the tables and functions to `supabase_storage_admin`, a NOLOGIN role that is no
 * superuser: a member's foreign key to `storage.objects` or a cast in it runs with that role's
 * rights, never a superuser's.
 *
 * Members need to write policies on `storage.objects` and `storage.buckets`, and Postgres lets only
 * a table's owner (or a member of the owning role) CREATE POLICY. So `postgres` is made a member
 * of `supabase_storage_admin`, as Supabase's own `postgres` is: it may then create, alter and drop
 * policies, triggers and indexes on the storage tables, or even drop them (the next start makes
 * them again). That gives a member nothing beyond their own project's data: the role is no login,
 * owns only these tables and functions, holds no other role, and the platform's logins and the
 * superuser never act as it. Plain SQL run as the superuser on every create and start, idempotent.
 */
import type pg from 'pg';
import { API_ROLES } from './api-roles.ts';
import { POSTGRES_ROLE } from './postgres-role.ts';

export const STORAGE_ROLE = 'supabase_storage_admin';

const TABLES_SQL = `
  create schema if not exists storage authorization basin_admin;

  create table if not exists storage.buckets (id text primary key);
  alter table storage.buckets
    add column if not exists name text,
    add column if not exists owner uuid,
    add column if not exists created_at timestamptz default now(),
    add column if not exists updated_at timestamptz default now(),
    add column if not exists public boolean default false,
    add column if not exists avif_autodetection boolean default false,
    add column if not exists file_size_limit bigint,
    add column if not exists allowed_mime_types text[],
    add column if not exists owner_id text;
  create unique index if not exists bname on storage.buckets (name);

  create table if not exists storage.objects (id uuid primary key default gen_random_uuid());
  alter table storage.objects
    add column if not exists bucket_id text,
    add column if not exists name text,
    add column if not exists owner uuid,
    add column if not exists created_at timestamptz default now(),
    add column if not exists updated_at timestamptz default now(),
    add column if not exists last_accessed_at timestamptz default now(),
    add column if not exists metadata jsonb,
    add column if not exists path_tokens text[] generated always as (pg_catalog.string_to_array(name, '/')) stored,
    add column if not exists version text,
    add column if not exists owner_id text,
    add column if not exists user_metadata jsonb;
  do $$ begin
    alter table storage.objects add constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id);
  exception when duplicate_object then null;
  end $$;
  create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
  create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

  alter table storage.buckets enable row level security;
  alter table storage.objects enable row level security;

  create or replace function storage.foldername(name text) returns text[] language sql immutable set search_path = ''
    as $$ select (pg_catalog.string_to_array(name, '/'))[1:pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1) - 1] $$;
  create or replace function storage.filename(name text) returns text language sql immutable set search_path = ''
    as $$ select (pg_catalog.string_to_array(name, '/'))[pg_catalog.array_length(pg_catalog.string_to_array(name, '/'), 1)] $$;
  create or replace function storage.extension(name text) returns text language sql immutable set search_path = ''
    as $$ select pg_catalog.reverse(pg_catalog.split_part(pg_catalog.reverse(storage.filename(name)), '.', 1)) $$;
`;

const TABLES = ['buckets', 'objects'];
const FUNCTIONS = ['foldername(text)', 'filename(text)', 'extension(text)'];

/** Creates or updates the storage owner role, the schema, its tables and functions, and their grants. */
export async function ensureStorageSchema(client: pg.ClientBase): Promise<void> {
  const owner = client.escapeIdentifier(STORAGE_ROLE);
  const member = client.escapeIdentifier(POSTGRES_ROLE);
  const apiRoles = API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
  const tables = TABLES.map((table) => `storage.${table}`).join(', ');
  const functions = FUNCTIONS.map((fn) => `storage.${fn}`).join(', ');
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [STORAGE_ROLE]);
  if (!rowCount) await client.query(`create role ${owner}`);
  await client.query(`alter role ${owner} with nologin noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
  await client.query(TABLES_SQL);
  for (const table of TABLES) await client.query(`alter table storage.${table} owner to ${owner}`);
  for (const fn of FUNCTIONS) await client.query(`alter function storage.${fn} owner to ${owner}`);
  await client.query(`
    grant usage on schema storage to ${owner}, ${member}, ${apiRoles};
    grant select, insert, update, delete on ${tables} to ${apiRoles};
    grant ${owner} to ${member};
    grant execute on function ${functions} to ${apiRoles}, ${member};
  `);
}
