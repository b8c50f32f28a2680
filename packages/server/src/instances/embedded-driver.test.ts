import { access, chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import getPort from 'get-port';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDriver } from './embedded-driver.ts';
import { isAlive, readLock } from './postmaster.ts';
import { startSupervisor } from './supervisor.ts';
import type { InstanceSpec, PostgresMajor } from './types.ts';

// Real servers: each test reuses the two instances made in beforeAll unless it needs its own.
const settings = { shared_buffers: '16MB', max_connections: 40, work_mem: '3MB' };
const drivers: EmbeddedDriver[] = [];
let root: string;
let driver: EmbeddedDriver;
let pg17: InstanceSpec;
let pg15: InstanceSpec;

function newDriver(): EmbeddedDriver {
  const created = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
  drivers.push(created);
  return created;
}

async function specFor(ref: string, major: PostgresMajor): Promise<InstanceSpec> {
  return {
    ref,
    major,
    port: await getPort(),
    adminPassword: `admin-${ref}`,
    postgresPassword: `pg-${ref}`,
    readonlyPassword: `ro-${ref}`,
    authenticatorPassword: `api-${ref}`,
    authPassword: `auth-${ref}`,
    settings,
  };
}

const asAdmin = (spec: InstanceSpec) => ({ user: 'basin_admin', password: spec.adminPassword });
const asReadonly = (spec: InstanceSpec) => ({ user: 'basin_readonly', password: spec.readonlyPassword });

/** Runs `sql` as `postgres`, the members' role, unless told otherwise. */
async function query(
  spec: InstanceSpec,
  sql: string,
  login = { user: 'postgres', password: spec.postgresPassword },
): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ host: '127.0.0.1', port: spec.port, database: 'postgres', ...login });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** The SQLSTATE `sql` fails with as `postgres`; 42501 is insufficient_privilege (permission denied). */
function failureCode(spec: InstanceSpec, sql: string): Promise<string | undefined> {
  return query(spec, sql).then(
    () => 'succeeded',
    (error: { code?: string }) => error.code,
  );
}

async function postmasterPid(spec: InstanceSpec): Promise<number> {
  const lock = await readLock(driver.dataDir(spec.ref));
  if (!lock) throw new Error(`${spec.ref} has no postmaster.pid`);
  return lock.pid;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-instances-'));
  await chmod(root, 0o711); // mkdtemp makes it 0700; the postgres system user must pass through
  driver = newDriver();
  [pg17, pg15] = await Promise.all([specFor('pg17', '17'), specFor('pg15', '15')]);
  await Promise.all([driver.create(pg17), driver.create(pg15)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(drivers.map((each) => each.stopAll()));
  if (root) await rm(root, { recursive: true, force: true });
});

describe('EmbeddedDriver', () => {
  it('lists both installed majors with their server versions', () => {
    expect(driver.availableMajors()).toEqual([
      { major: '17', version: expect.stringMatching(/^17\.\d+\.\d+$/) },
      { major: '15', version: expect.stringMatching(/^15\.\d+\.\d+$/) },
    ]);
  });

  it.each(['17', '15'])('creates a running Postgres %s', async (major) => {
    const spec = major === '17' ? pg17 : pg15;
    expect(await driver.isHealthy(spec)).toBe(true);
    const [row] = await query(spec, 'show server_version');
    expect(String(row?.server_version)).toMatch(new RegExp(`^${major}\\.`));
  });

  it('applies the settings and listens on 127.0.0.1 only', async () => {
    const [row] = await query(
      pg17,
      `select current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections,
              current_setting('work_mem') as work_mem, current_setting('listen_addresses') as listen_addresses,
              current_setting('client_connection_check_interval') as check_interval`,
    );
    expect(row).toEqual({
      shared_buffers: '16MB',
      max_connections: '40',
      work_mem: '3MB',
      listen_addresses: '127.0.0.1',
      check_interval: '2s',
    });
  });

  it("requires each role's own password", async () => {
    await expect(query(pg17, 'select 1', { user: 'postgres', password: 'wrong' })).rejects.toThrow(/password authentication failed/);
    await expect(query(pg17, 'select 1', { user: 'basin_admin', password: pg17.postgresPassword })).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it.each(['17', '15'])('gives postgres the database of Postgres %s, but not the server', async (major) => {
    const spec = major === '17' ? pg17 : pg15;
    const isSuperuser = 'select rolsuper as superuser from pg_roles where rolname = current_user';
    expect(await query(spec, isSuperuser)).toEqual([{ superuser: false }]);
    expect(await query(spec, isSuperuser, asAdmin(spec))).toEqual([{ superuser: true }]);

    await query(spec, 'create extension pgcrypto; create table secrets (id int primary key, hash bytea)');
    await query(spec, "create function hashed(text) returns bytea language sql as $$ select digest($1, 'sha256') $$");
    await query(spec, "insert into secrets values (1, hashed('hi'))");
    expect(await query(spec, "select hash = hashed('hi') as same from secrets")).toEqual([{ same: true }]);

    expect(await failureCode(spec, "copy (select 1) to program 'true'")).toBe('42501');
    expect(await failureCode(spec, "select pg_read_file('postgresql.conf')")).toBe('42501');
    // Postgres 15's CREATEROLE could grant this; postgres must not get it there.
    expect(await failureCode(spec, 'grant pg_execute_server_program to postgres')).toBe('42501');
    expect(await failureCode(spec, "alter role basin_readonly password 'mine'")).toBe('42501');
    // Nor every role's password verifier.
    expect(await failureCode(spec, 'select rolpassword from pg_authid')).toBe('42501');
    expect(await failureCode(spec, 'select * from pg_shadow')).toBe('42501');
  });

  it('lets postgres on Postgres 17 read and write what the roles it created own', async () => {
    await query(pg17, "create role app_owner login password 'app'; grant usage, create on schema public to app_owner");
    await query(pg17, 'create table app_rows (n int)', { user: 'app_owner', password: 'app' });
    await query(pg17, 'insert into app_rows values (1); update app_rows set n = 2; alter table app_rows add column m int');
    expect(await query(pg17, 'select n from app_rows')).toEqual([{ n: 2 }]);
    expect(await query(pg17, "select pg_has_role('app_owner', 'set') as can_set")).toEqual([{ can_set: true }]);
  });

  it('takes pg_read_all_data and pg_write_all_data back from an instance of an earlier Basin when it starts', async () => {
    await query(pg17, 'grant pg_read_all_data, pg_write_all_data to postgres', asAdmin(pg17));
    expect(await failureCode(pg17, 'select rolpassword from pg_authid')).toBe('succeeded');
    await driver.stop(pg17.ref);
    await driver.start(pg17);
    expect(await failureCode(pg17, 'select rolpassword from pg_authid')).toBe('42501');
    const memberships = `select count(*)::int as n from pg_auth_members where member = 'postgres'::regrole and roleid::regrole::text like 'pg_%_all_data'`;
    expect(await query(pg17, memberships, asAdmin(pg17))).toEqual([{ n: 0 }]);
  });

  it('gives the read-only role a third of the connections of the size it starts with', async () => {
    const limit = "select rolconnlimit as n from pg_roles where rolname = 'basin_readonly'";
    expect(await query(pg17, limit)).toEqual([{ n: 13 }]);
    await driver.stop(pg17.ref);
    await driver.start({ ...pg17, settings: { ...settings, max_connections: 60 } });
    expect(await query(pg17, limit)).toEqual([{ n: 20 }]);
    await driver.stop(pg17.ref);
    await driver.start(pg17);
    expect(await query(pg17, limit)).toEqual([{ n: 13 }]);
  });

  it.each(['17', '15'])('lets the read-only role of Postgres %s read but never write', async (major) => {
    const spec = major === '17' ? pg17 : pg15;
    const readonly = asReadonly(spec);
    await query(spec, 'create table notes (body text); insert into notes values ($$hello$$)');
    expect(await query(spec, 'select body from notes', readonly)).toEqual([{ body: 'hello' }]);
    await expect(query(spec, "insert into notes values ('no')", readonly)).rejects.toThrow(/read-only transaction/);
    // A read-write transaction does not help: the role has no write privilege.
    await expect(query(spec, "begin read write; insert into notes values ('no')", readonly)).rejects.toThrow(/permission denied/);
  });

  it('keeps data across stop and start', async () => {
    await query(pg17, 'create table kept (n int); insert into kept values (1)');
    await driver.stop(pg17.ref);
    expect(await driver.isHealthy(pg17)).toBe(false);
    await driver.start(pg17);
    expect(await query(pg17, 'select n from kept')).toEqual([{ n: 1 }]);
  });

  it('reuses a complete instance when create runs again, stopped or running', async () => {
    await query(pg17, 'create table again (n int); insert into again values (2)');
    await driver.create(pg17); // running: adopted as it is
    await driver.stop(pg17.ref);
    await driver.create(pg17); // stopped, as after an attempt interrupted before the start
    expect(await query(pg17, 'select n from again')).toEqual([{ n: 2 }]);
    expect(await query(pg17, 'select n from again', asReadonly(pg17))).toEqual([{ n: 2 }]);
  });

  it("resets postgres's password to the spec's when create runs again", async () => {
    await driver.create({ ...pg17, postgresPassword: 'changed' });
    expect(await query(pg17, 'select 1 as ok', { user: 'postgres', password: 'changed' })).toEqual([{ ok: 1 }]);
    await driver.create(pg17);
    expect(await query(pg17, 'select 1 as ok')).toEqual([{ ok: 1 }]);
  });

  it('explains why create cannot log in as basin_admin', async () => {
    await expect(driver.create({ ...pg17, adminPassword: 'not-derived-here' })).rejects.toThrow(
      /Cannot log in to instance pg17 as basin_admin.*remove .*pg17 to make the instance again/,
    );
  });

  it('wipes and redoes a half-made data directory', async () => {
    const spec = await specFor('halfmade', '17');
    const dataDir = driver.dataDir(spec.ref);
    await mkdir(join(dataDir, 'base'), { recursive: true });
    await writeFile(join(dataDir, 'postgresql.conf'), 'left by an interrupted initdb\n');
    await driver.create(spec);
    expect(await driver.isHealthy(spec)).toBe(true);
    await driver.remove(spec.ref);
  }, 20_000);

  it('explains a failed start with the end of the server log', async () => {
    await driver.stop(pg15.ref);
    await expect(driver.start({ ...pg15, port: pg17.port })).rejects.toThrow(/Address already in use/);
    await driver.start(pg15);
  });

  it('refuses data of another major and refs that are not plain names', async () => {
    await expect(driver.start({ ...pg15, major: '17' })).rejects.toThrow(/holds Postgres 15 data/);
    await expect(driver.start({ ...pg15, ref: '../escape' })).rejects.toThrow(/Invalid project ref/);
  });

  it('moves a running instance to the port its spec asks for', async () => {
    const moved = { ...pg17, port: await getPort() };
    await driver.start(moved);
    expect(await driver.isHealthy(moved)).toBe(true);
    expect(await driver.isHealthy(pg17)).toBe(false);
    await driver.start(pg17);
  });

  it('adopts an instance an earlier driver left running, and can stop it', async () => {
    const pid = await postmasterPid(pg17);
    const later = newDriver();
    await later.start(pg17);
    expect(await postmasterPid(pg17)).toBe(pid);
    expect(await later.isHealthy(pg17)).toBe(true);
    await later.stopAll();
    expect(isAlive(pid)).toBe(false);
    await driver.start(pg17);
  });

  it('supervisor restarts an instance killed with SIGKILL', async () => {
    const pid = await postmasterPid(pg15);
    process.kill(pid, 'SIGKILL');
    const restarts: { ref: string; error?: unknown }[] = [];
    const stopSupervisor = startSupervisor({
      driver,
      listRunning: async () => [pg15],
      intervalMs: 50,
      onRestart: (ref, error) => restarts.push({ ref, error }),
    });
    try {
      // A first attempt may fail while the killed server's children still hold its shared memory.
      for (let waited = 0; !restarts.some((r) => r.error === undefined) && waited < 15_000; waited += 50) await sleep(50);
    } finally {
      await stopSupervisor();
    }
    expect(restarts.at(-1)).toEqual({ ref: 'pg15', error: undefined });
    expect(await driver.isHealthy(pg15)).toBe(true);
    expect(await postmasterPid(pg15)).not.toBe(pid);
  }, 20_000);

  it('remove stops the instance and deletes its data', async () => {
    const pid = await postmasterPid(pg15);
    await driver.remove(pg15.ref);
    expect(isAlive(pid)).toBe(false);
    expect(await exists(driver.dataDir(pg15.ref))).toBe(false);
    expect(await driver.isHealthy(pg15)).toBe(false);
  });
});
