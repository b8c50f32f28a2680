import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type Login, member, run, testSpec } from '../../test/instance-fixture.ts';
import { AUTH_ROLE } from './auth-schema.ts';
import { createBranchWithData, createBranchWithSchema } from './branch-copy.ts';
import { EmbeddedDriver } from './embedded-driver.ts';
import { emptyDatabases } from './empty-databases.ts';
import { withLoaderRole } from './loader-role.ts';
import type { InstanceSpec } from './types.ts';

// The platform's auth schema is left out of members' dumps (its tables are the superuser's, made
// fresh on every instance), but members hang their own things on it: a foreign key from their
// profiles to auth.users and, the common Supabase pattern, a trigger creating a profile per
// sign-up. Both must survive a major upgrade and a branch, and the trigger must keep firing for
// sign-ups made afterwards by the auth API's login.
let root: string;
let driver: EmbeddedDriver;

const authLogin = (spec: InstanceSpec): Login => ({ user: AUTH_ROLE, password: spec.authPassword });

const MEMBERS_SCHEMA = `
  create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, email text);
  -- No key: a trigger fired twice for one user (once more while the upgrade loads) shows here.
  create table public.signups (user_id uuid, fired_as text);
  create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $f$
  begin
    insert into public.profiles (id, email) values (new.id, new.email);
    insert into public.signups values (new.id, session_user);
    return new;
  end $f$;
  create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
  create policy "own folder" on storage.objects for select to authenticated
    using (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "room members" on realtime.messages for select to authenticated using (realtime.topic() = 'room');
  alter publication supabase_realtime add table public.profiles;`;

/** Members' policies on the platform's storage.objects and realtime.messages, as Postgres prints them. */
const storagePolicies = (spec: InstanceSpec) =>
  run(
    spec,
    `select policyname, roles::text, cmd, qual from pg_catalog.pg_policies where schemaname in ('storage', 'realtime') order by 1`,
    admin(spec),
  );

/** The tables members put in the supabase_realtime publication. */
const published = (spec: InstanceSpec) =>
  run(
    spec,
    `select schemaname::text, tablename::text from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime'`,
    admin(spec),
  );
const PUBLISHED = [{ schemaname: 'public', tablename: 'profiles' }];

const user = (n: number) => `00000000-0000-0000-0000-00000000000${n}`;
const signUp = (spec: InstanceSpec, n: number) =>
  run(spec, `insert into auth.users (id, email) values ('${user(n)}', 'user${n}@example.com')`, authLogin(spec));

async function counts(spec: InstanceSpec) {
  const [row] = await run(
    spec,
    `select (select count(*) from auth.users)::int as users, (select count(*) from public.profiles)::int as profiles,
            (select count(*) from public.signups)::int as signups`,
    admin(spec),
  );
  return row;
}

/** Members' triggers on auth.users (foreign keys' own aside) and foreign keys to it. */
async function attachments(spec: InstanceSpec) {
  return run(
    spec,
    `select (select array_agg(tgname::text order by tgname) from pg_catalog.pg_trigger
              where tgrelid = 'auth.users'::regclass and not tgisinternal) as triggers,
            (select array_agg(pg_catalog.format('%s %s', conrelid::regclass, pg_catalog.pg_get_constraintdef(oid)) order by conname)
               from pg_catalog.pg_constraint where contype = 'f' and confrelid = 'auth.users'::regclass
                and conrelid::regclass::text not like 'auth.%') as foreign_keys`,
    admin(spec),
  );
}

const POLICIES = [
  {
    policyname: 'own folder',
    roles: '{authenticated}',
    cmd: 'SELECT',
    qual: "((bucket_id = 'docs'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text))",
  },
  { policyname: 'room members', roles: '{authenticated}', cmd: 'SELECT', qual: "(realtime.topic() = 'room'::text)" },
];

const ATTACHED = [
  { triggers: ['on_auth_user_created'], foreign_keys: ['profiles FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE'] },
];

/** A 15 instance with the member's profiles, the trigger, and two users signed up through it. */
async function withProfiles(ref: string): Promise<InstanceSpec> {
  const spec = await testSpec(ref);
  await driver.create(spec);
  await run(spec, MEMBERS_SCHEMA, member(spec));
  await signUp(spec, 1);
  await signUp(spec, 2);
  expect(await counts(spec)).toEqual({ users: 2, profiles: 2, signups: 2 });
  return spec;
}

/** A sign-up by the auth API's login makes a profile; deleting the user deletes it. */
async function expectTriggerAndCascade(spec: InstanceSpec, before: { users: number; profiles: number; signups: number }) {
  await signUp(spec, 9);
  expect(await counts(spec)).toEqual({ users: before.users + 1, profiles: before.profiles + 1, signups: before.signups + 1 });
  expect(await run(spec, `select fired_as from public.signups where user_id = '${user(9)}'`, member(spec))).toEqual([
    { fired_as: AUTH_ROLE },
  ]);
  await run(spec, `delete from auth.users where id = '${user(9)}'`, authLogin(spec));
  expect(await run(spec, `select count(*)::int as n from public.profiles where id = '${user(9)}'`, member(spec))).toEqual([{ n: 0 }]);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-auth-carry-'));
  await chmod(root, 0o755); // the instances' system user reaches its data directory below
  driver = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
});
afterAll(async () => {
  await driver.stopAll();
  await rm(root, { recursive: true, force: true });
});

describe("members' triggers and foreign keys on the platform's auth tables", () => {
  it('survive a major upgrade, with the rows loaded once and the trigger still firing', async () => {
    const spec = await withProfiles('upgraded');
    await driver.upgrade(spec, '17', async () => {});

    expect((await run(spec, 'show server_version', member(spec)))[0]!.server_version).toMatch(/^17\./);
    // The auth rows went in before the trigger existed: no profile twice, no extra signups.
    expect(await counts(spec)).toEqual({ users: 2, profiles: 2, signups: 2 });
    expect(await run(spec, 'select email from public.profiles order by email', member(spec))).toEqual([
      { email: 'user1@example.com' },
      { email: 'user2@example.com' },
    ]);
    expect(await attachments(spec)).toEqual(ATTACHED);
    expect(await storagePolicies(spec)).toEqual(POLICIES);
    expect(await published(spec)).toEqual(PUBLISHED);
    await expectTriggerAndCascade(spec, { users: 2, profiles: 2, signups: 2 });
    await expect(run(spec, `insert into public.profiles values ('${user(8)}', 'nobody')`, member(spec))).rejects.toThrow(/foreign key/);
    expect(await run(spec, `select rolname from pg_catalog.pg_roles where rolname like 'basin_loader%'`, admin(spec))).toEqual([]);
  });

  it('survive a schema-only branch, without rows', async () => {
    const parent = await withProfiles('parent');
    const branch = { ...(await testSpec('schemabranch')), port: await getPort() };
    await createBranchWithSchema(
      driver,
      { dataDir: driver.dataDir(parent.ref), spec: parent },
      { dataDir: driver.dataDir(branch.ref), spec: branch },
    );

    expect(await counts(branch)).toEqual({ users: 0, profiles: 0, signups: 0 });
    expect(await attachments(branch)).toEqual(ATTACHED);
    expect(await storagePolicies(branch)).toEqual(POLICIES);
    expect(await published(branch)).toEqual(PUBLISHED);
    await expectTriggerAndCascade(branch, { users: 0, profiles: 0, signups: 0 });
  });

  it('survive a branch with data', async () => {
    const parent = await withProfiles('dataparent');
    const branch = { ...(await testSpec('databranch')), port: await getPort() };
    await createBranchWithData(
      driver,
      { dataDir: driver.dataDir(parent.ref), spec: parent },
      { dataDir: driver.dataDir(branch.ref), spec: branch },
    );

    expect(await counts(branch)).toEqual({ users: 2, profiles: 2, signups: 2 });
    expect(await attachments(branch)).toEqual(ATTACHED);
    expect(await published(branch)).toEqual(PUBLISHED);
    await expectTriggerAndCascade(branch, { users: 2, profiles: 2, signups: 2 });
  });

  it('survive a schema-only branch made by emptying a copy (pg_dump too old for the parent)', async () => {
    const parent = await withProfiles('emptiedparent');
    const branch = { ...(await testSpec('emptiedbranch')), port: await getPort() };
    await createBranchWithData(
      driver,
      { dataDir: driver.dataDir(parent.ref), spec: parent },
      { dataDir: driver.dataDir(branch.ref), spec: branch },
    );
    await emptyDatabases(branch);

    // As empty as a new project's auth schema, the refresh tokens' sequence back at its start.
    expect(await counts(branch)).toEqual({ users: 0, profiles: 0, signups: 0 });
    expect(await run(branch, `select last_value::int, is_called from auth.refresh_tokens_id_seq`, admin(branch))).toEqual([
      { last_value: 1, is_called: false },
    ]);
    expect(await attachments(branch)).toEqual(ATTACHED);
    expect(await run(branch, `select tgenabled from pg_catalog.pg_trigger where tgname = 'on_auth_user_created'`, admin(branch))).toEqual([
      { tgenabled: 'O' },
    ]);
    await expectTriggerAndCascade(branch, { users: 0, profiles: 0, signups: 0 });
  });
});

describe('the loader', () => {
  it("holds members' and the API roles but never the platform's logins", async () => {
    const spec = await testSpec('loader');
    await driver.create(spec);
    const reached = await withLoaderRole(spec, () =>
      run(
        spec,
        `select rolname::text, pg_catalog.pg_has_role('basin_loader', oid, 'member') as member from pg_catalog.pg_roles
          where rolname in ('postgres', 'anon', 'authenticated', 'service_role', 'supabase_auth_admin', 'authenticator') order by rolname`,
        admin(spec),
      ),
    );
    expect(Object.fromEntries(reached.map((row) => [row.rolname, row.member]))).toEqual({
      anon: true,
      authenticated: true,
      authenticator: false,
      postgres: true,
      service_role: true,
      supabase_auth_admin: false,
    });
  });

  it("refuses to load when a member's role reaches the auth login", async () => {
    const spec = await testSpec('sneaky');
    await driver.create(spec);
    // Only a superuser could have granted it; the loader must not inherit it through that role.
    await run(spec, 'create role sneaky nologin; grant supabase_auth_admin to sneaky', admin(spec));
    await expect(withLoaderRole(spec, async () => {})).rejects.toThrow(/reach supabase_auth_admin/);
    expect(await run(spec, `select rolname from pg_catalog.pg_roles where rolname = 'basin_loader'`, admin(spec))).toEqual([]);
  });

  it('an instance made before the auth API gets the full schema at its next start, its users kept', async () => {
    const spec = await testSpec('earlier');
    await driver.create(spec);
    // What earlier Basins made: a minimal auth.users owned by the superuser, no other table.
    await run(
      spec,
      `drop schema auth cascade;
       create schema auth authorization basin_admin;
       create table auth.users (id uuid primary key, email text, raw_user_meta_data jsonb, created_at timestamptz not null default now());
       insert into auth.users (id, email) values ('${user(1)}', 'early@example.com');`,
      admin(spec),
    );
    await driver.stop(spec.ref);
    await driver.start(spec);

    const tables = await run(
      spec,
      `select c.relname as name, pg_catalog.pg_get_userbyid(c.relowner) as owner from pg_catalog.pg_class c
        where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' order by 1`,
      admin(spec),
    );
    expect(tables).toEqual(
      [
        'audit_log_entries',
        'flow_state',
        'identities',
        'mfa_amr_claims',
        'mfa_challenges',
        'mfa_factors',
        'refresh_tokens',
        'sessions',
        'users',
        'webauthn_challenges',
        'webauthn_credentials',
      ].map((name) => ({
        name,
        owner: AUTH_ROLE,
      })),
    );
    expect(await run(spec, `select email, aud, is_anonymous from auth.users`, authLogin(spec))).toEqual([
      { email: 'early@example.com', aud: null, is_anonymous: false },
    ]);
    expect(await run(spec, `select auth.email() as email`, member(spec))).toEqual([{ email: null }]);
  });
});
