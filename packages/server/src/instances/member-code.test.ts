import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, run, testSpec } from '../../test/instance-fixture.ts';
import { createBranchWithSchema } from './branch-copy.ts';
import { EmbeddedDriver } from './embedded-driver.ts';
import type { InstanceSpec } from './types.ts';

// A member's function that, run with superuser rights, runs a shell command as the system user
// that owns every data directory (the exploit of issue 9). It first tries every way back to the
// superuser a session opened by one would offer. The platform must never run it as one: not while
// moving the project to a new major, nor while copying its schema to a branch.
let root: string;
let driver: EmbeddedDriver;

const escapeFunction = (marker: string) => `
  create function public.escape(x int) returns boolean language plpgsql as $f$
  begin
    begin execute 'reset role'; exception when others then null; end;
    begin execute 'reset session authorization'; exception when others then null; end;
    begin execute 'set role basin_admin'; exception when others then null; end;
    -- Who ran it last, where the test can read it afterwards.
    execute pg_catalog.format('comment on function public.escape(int) is %L', session_user);
    if pg_catalog.current_setting('is_superuser') = 'on' then
      execute pg_catalog.format('copy (select 1) to program %L', 'id > ${marker}');
    end if;
    return true;
  end $f$;
  -- Generated columns and indexes take immutable functions only; one may still call the escape.
  create function public.escape_fixed(x int) returns boolean language plpgsql immutable as $f$
    begin return public.escape(x); end $f$;`;

/** The escape, reachable from every kind of object whose code runs while data is loaded or checked. */
const TROJANS = `
  create table trojan_check (x int check (public.escape(x)));
  create domain guarded as int check (public.escape(value));
  create table trojan_domain (x guarded);
  create table trojan_generated (x int, y boolean generated always as (public.escape_fixed(x)) stored);
  create table trojan_default (x int, y boolean default public.escape(0));
  create table trojan_index (x int);
  create index on trojan_index (public.escape_fixed(x));
  create function public.escape_trigger() returns trigger language plpgsql as $f$
    begin perform public.escape(0); return new; end $f$;
  create table trojan_trigger (x int);
  create trigger escape before insert or update on trojan_trigger for each row execute function public.escape_trigger();
  create materialized view trojan_view as select x, public.escape(x) as y from generate_series(1, 3) x;
  -- A foreign key is checked through an implicit cast of the member's: the check runs the cast.
  create type wrapped as (v int);
  create function public.unwrap(w wrapped) returns int language plpgsql as $f$
    begin perform public.escape(w.v); return w.v; end $f$;
  create cast (wrapped as int) with function public.unwrap(wrapped) as implicit;
  create table trojan_parent (id int primary key);
  create table trojan_child (p wrapped references trojan_parent (id));
  insert into trojan_check values (1);
  insert into trojan_domain values (1);
  insert into trojan_generated (x) values (1);
  insert into trojan_default values (1, true);
  insert into trojan_index values (1);
  insert into trojan_trigger values (1);
  insert into trojan_parent values (1);
  insert into trojan_child values (row(1));
  -- Sessions that trust the database's search_path would count rows with the member's count().
  create function public.count_step(n bigint) returns bigint language plpgsql as $f$
    begin perform public.escape(0); return n + 1; end $f$;
  create aggregate public.count(*) (sfunc = public.count_step, stype = bigint, initcond = '0');
  alter database postgres set search_path = public, pg_catalog;`;

const TROJAN_TABLES = [
  'trojan_check',
  'trojan_domain',
  'trojan_generated',
  'trojan_default',
  'trojan_index',
  'trojan_trigger',
  'trojan_child',
];

async function rowCounts(spec: InstanceSpec): Promise<number[]> {
  const counts: number[] = [];
  for (const table of TROJAN_TABLES) {
    const [row] = await run(spec, `select pg_catalog.count(*)::int as n from public.${table}`, member(spec));
    counts.push(row!.n as number);
  }
  return counts;
}

/** A 15 instance holding the escape in every place, and where it would report to. */
async function trojaned(ref: string): Promise<{ spec: InstanceSpec; marker: string }> {
  const marker = join(root, `escaped-${ref}`);
  const spec = await testSpec(ref);
  await driver.create(spec);
  await run(spec, escapeFunction(marker) + TROJANS, member(spec));
  return { spec, marker };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-member-code-'));
  await chmod(root, 0o777); // the instances' system user writes the marker here if the escape works
  driver = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
});
afterAll(async () => {
  await driver.stopAll();
  await rm(root, { recursive: true, force: true });
});

describe("members' code and the platform's superuser", () => {
  it('the escape works when a superuser runs it (so the tests below can fail)', async () => {
    const { spec, marker } = await trojaned('live');
    expect(existsSync(marker)).toBe(false);
    await run(spec, 'select public.escape(1)', admin(spec));
    expect(existsSync(marker)).toBe(true);
  });

  it("a foreign key to auth.users does not run the member's cast as the superuser", async () => {
    const { spec, marker } = await trojaned('auth-fk');
    await run(
      spec,
      `insert into auth.users (id, email) values ('00000000-0000-0000-0000-000000000001', 'end-user@example.com')`,
      admin(spec),
    );
    // The check of the key runs as the owner of auth.users, through the member's implicit cast;
    // is_superuser tells nothing there (it follows the session), so the cast just tries.
    const tries = `
      create table public.cast_runs (ran_as text);
      grant insert on public.cast_runs to public;
      create type wrapped_id as (v uuid);
      create function public.unwrap_id(w wrapped_id) returns uuid language plpgsql as $f$
      begin
        insert into public.cast_runs values (current_user);
        begin execute pg_catalog.format('copy (select 1) to program %L', 'id > ${marker}'); exception when others then null; end;
        return w.v;
      end $f$;
      create cast (wrapped_id as uuid) with function public.unwrap_id(wrapped_id) as implicit;
      create table public.trojan_auth (p wrapped_id references auth.users (id));
      insert into public.trojan_auth values (row('00000000-0000-0000-0000-000000000001'));`;
    await run(spec, tries, member(spec));
    expect(existsSync(marker)).toBe(false);
    // The cast did run, as the auth login that owns the table.
    expect(await run(spec, `select distinct ran_as from public.cast_runs`, member(spec))).toEqual([{ ran_as: 'supabase_auth_admin' }]);
  });

  it("a major upgrade loads members' objects without running their code as the superuser", async () => {
    const { spec, marker } = await trojaned('upgraded');
    await run(
      spec,
      `insert into auth.users (id, email) values ('00000000-0000-0000-0000-000000000001', 'end-user@example.com')`,
      admin(spec),
    );
    const before = await rowCounts(spec);
    await driver.upgrade(spec, '17', async () => {});

    expect(existsSync(marker)).toBe(false);
    // The code did run while loading, in the loader's session.
    expect(
      await run(spec, `select pg_catalog.obj_description('public.escape(int)'::pg_catalog.regprocedure) as ran_by`, member(spec)),
    ).toEqual([{ ran_by: 'basin_loader' }]);
    expect(await run(spec, 'select email from auth.users', admin(spec))).toEqual([{ email: 'end-user@example.com' }]);
    expect((await run(spec, 'show server_version', member(spec)))[0]!.server_version).toMatch(/^17\./);
    expect(await rowCounts(spec)).toEqual(before);
    // The objects kept their code and their owner; nothing of the loader is left behind.
    expect(await run(spec, `select y from public.trojan_generated`, member(spec))).toEqual([{ y: true }]);
    expect(await run(spec, `select count(*)::int as n from public.trojan_view`, member(spec))).toEqual([{ n: 3 }]);
    expect(
      await run(
        spec,
        `select pg_catalog.pg_get_userbyid(relowner) as owner from pg_catalog.pg_class where relname = 'trojan_check'`,
        member(spec),
      ),
    ).toEqual([{ owner: 'postgres' }]);
    expect(await run(spec, `select rolname from pg_catalog.pg_roles where rolname like 'basin_loader%'`, admin(spec))).toEqual([]);
    await expect(run(spec, 'insert into public.trojan_child values (row(2))', member(spec))).rejects.toThrow(/foreign key/);
    expect(existsSync(marker)).toBe(false);
  });

  it("a schema-only branch copies the schema without running members' code as the superuser", async () => {
    const { spec, marker } = await trojaned('parent');
    const branch = { ...(await testSpec('branch')), port: await getPort() };
    await createBranchWithSchema(
      driver,
      { dataDir: driver.dataDir(spec.ref), spec },
      { dataDir: driver.dataDir(branch.ref), spec: branch },
    );

    expect(existsSync(marker)).toBe(false);
    expect(await rowCounts(branch)).toEqual(TROJAN_TABLES.map(() => 0));
    expect(await run(branch, `select count(*)::int as n from pg_catalog.pg_trigger where tgname = 'escape'`, member(branch))).toEqual([
      { n: 1 },
    ]);
  });
});
