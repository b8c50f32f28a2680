/**
 * The contract every InstanceDriver keeps (types.ts), as vitest tests a driver's test file
 * registers with describeDriverContract: one instance's life (create, the logins of each role,
 * stop and start with its data kept, a resize), a backup restored into a fresh instance compared
 * by row checksums, branches with and without data, stats, endpoints and a member's session,
 * removal. The tests run in order and share the instance, so a run makes four instances in all (a
 * few seconds on the embedded driver).
 */
import { type ComputeSizeId, instanceSettings } from '@basin/core';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ROLE } from './auth-schema.ts';
import { AUTHENTICATOR_ROLE } from './authenticator-role.ts';
import { ADMIN_ROLE, POSTGRES_ROLE } from './postgres-role.ts';
import { READONLY_ROLE } from './readonly-role.ts';
import type { InstanceDriver, InstanceSpec } from './types.ts';

export interface ContractSubject {
  driver: InstanceDriver;
  /** A spec for a new instance named after `name` (unique within the run), with a free port and the given size. */
  spec(name: 'main' | 'restored' | 'branch' | 'schema', size: ComputeSizeId): Promise<InstanceSpec>;
  /** Ends what the subject started (the driver's stopAll included). */
  close(): Promise<void>;
}

/** Rows of `notes` as one checksum: equal checksums, equal rows. */
const CHECKSUM = "select md5(coalesce(string_agg(n::text, ',' order by n.id), '')) as sum, count(*)::int as rows from notes n";

async function query(driver: InstanceDriver, spec: InstanceSpec, login: { user: string; password: string }, sql: string) {
  const { host, port } = driver.endpoints(spec).platform;
  const client = new pg.Client({ host, port, database: 'postgres', ...login, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const asMember = (spec: InstanceSpec) => ({ user: POSTGRES_ROLE, password: spec.postgresPassword });
const checksum = (driver: InstanceDriver, spec: InstanceSpec) => query(driver, spec, asMember(spec), CHECKSUM).then((rows) => rows[0]);

export interface ContractOptions {
  /** Each test's limit (and the setup's). */
  timeoutMs: number;
  /** Why the suite cannot run here: it is registered as skipped, with the reason printed (never counted as passed). */
  skipReason?: string;
}

export function describeDriverContract(
  name: string,
  subject: () => Promise<ContractSubject>,
  { timeoutMs, skipReason }: ContractOptions,
): void {
  if (skipReason) {
    console.info(`[skipped] ${name}: ${skipReason}`);
    describe.skip(`${name}: the InstanceDriver contract`, () => {
      it.skip(skipReason, () => {});
    });
    return;
  }
  describe(`${name}: the InstanceDriver contract`, () => {
    let driver: InstanceDriver;
    let close = async () => {};
    let main: InstanceSpec;
    let specs: Record<'restored' | 'branch' | 'schema', InstanceSpec>;
    let scratch: string;
    const made: string[] = [];

    beforeAll(async () => {
      const opened = await subject();
      driver = opened.driver;
      close = opened.close;
      main = await opened.spec('main', 'nano');
      specs = {
        restored: await opened.spec('restored', 'nano'),
        branch: await opened.spec('branch', 'nano'),
        schema: await opened.spec('schema', 'nano'),
      };
      scratch = await mkdtemp(join(tmpdir(), 'basin-contract-'));
    }, timeoutMs);

    afterAll(async () => {
      for (const ref of made) await driver?.remove(ref).catch(() => {});
      await close();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    }, timeoutMs);

    it('creates an instance each role logs in to, with its own rights', { timeout: timeoutMs }, async () => {
      made.push(main.ref);
      await driver.create(main);
      expect(await driver.isHealthy(main)).toBe(true);
      const logins = [
        [ADMIN_ROLE, main.adminPassword],
        [POSTGRES_ROLE, main.postgresPassword],
        [READONLY_ROLE, main.readonlyPassword],
        [AUTHENTICATOR_ROLE, main.authenticatorPassword],
        [AUTH_ROLE, main.authPassword],
      ] as const;
      for (const [user, password] of logins) expect(await query(driver, main, { user, password }, 'select 1 as one')).toEqual([{ one: 1 }]);
      await query(
        driver,
        main,
        asMember(main),
        'create table notes (id int primary key, body text); insert into notes select g, md5(g::text) from generate_series(1, 500) g',
      );
      const readonly = { user: READONLY_ROLE, password: main.readonlyPassword };
      expect(await query(driver, main, readonly, 'select count(*)::int as n from notes')).toEqual([{ n: 500 }]);
      await expect(query(driver, main, readonly, "insert into notes values (0, 'no')")).rejects.toThrow(/read-only/);
      const superuser = await driver.adminSession(
        main,
        5_000,
        async (client) => (await client.query('select rolsuper from pg_roles where rolname = current_user')).rows[0],
      );
      expect(superuser).toEqual({ rolsuper: true });
    });

    it('stops, starts again with its data, and resizes', { timeout: timeoutMs }, async () => {
      const before = await checksum(driver, main);
      await driver.stop(main.ref);
      expect(await driver.isHealthy(main)).toBe(false);
      await driver.start(main);
      expect(await checksum(driver, main)).toEqual(before);
      main = { ...main, settings: instanceSettings('micro') };
      await driver.stop(main.ref);
      await driver.start(main);
      const shown = await driver.adminSession(main, 5_000, async (client) => (await client.query('show max_connections')).rows[0]);
      expect(shown).toEqual({ max_connections: String(main.settings.max_connections) });
    });

    it('backs up a running instance and restores the backup into a fresh one, rows equal', { timeout: timeoutMs }, async () => {
      const archive = join(scratch, 'main.tar.gz');
      const extra = join(scratch, 'extra');
      let called = 0;
      const atBackup = await checksum(driver, main);
      await driver.backup(main, archive, async () => {
        called++;
        await mkdir(extra, { recursive: true });
        await writeFile(join(extra, 'note.txt'), 'beside the data');
        return [{ cwd: extra, paths: ['note.txt'] }];
      });
      expect(called).toBe(1);
      await query(driver, main, asMember(main), "insert into notes values (1000, 'after the backup')");
      made.push(specs.restored.ref);
      await driver.restoreFromBackup(specs.restored, archive);
      expect(await driver.isHealthy(specs.restored)).toBe(true);
      expect(await checksum(driver, specs.restored)).toEqual(atBackup);
      expect(await checksum(driver, main)).not.toEqual(atBackup);
      // Writable, with the new instance's passwords.
      await query(driver, specs.restored, asMember(specs.restored), "insert into notes values (1001, 'restored')");
      await driver.remove(specs.restored.ref);
    });

    it('branches from a running parent, with its data and with its schema alone', { timeout: timeoutMs }, async () => {
      const parent = await checksum(driver, main);
      made.push(specs.branch.ref, specs.schema.ref);
      await driver.copyFrom(main, specs.branch, { withData: true });
      expect(await checksum(driver, specs.branch)).toEqual(parent);
      await driver.remove(specs.branch.ref);
      await driver.copyFrom(main, specs.schema, { withData: false });
      expect(await checksum(driver, specs.schema)).toEqual({ sum: 'd41d8cd98f00b204e9800998ecf8427e', rows: 0 });
      expect(
        await query(
          driver,
          specs.schema,
          asMember(specs.schema),
          "select column_name from information_schema.columns where table_name = 'notes' order by 1",
        ),
      ).toEqual([{ column_name: 'body' }, { column_name: 'id' }]);
      await driver.remove(specs.schema.ref);
      expect(await checksum(driver, main)).toEqual(parent);
    });

    it('tells its endpoints and stats, and removes the instance', { timeout: timeoutMs }, async () => {
      expect(driver.endpoints(main).platform.port).toBe(main.port);
      expect(driver.endpoints(main).primary.host).toBeTruthy();
      expect(driver.endpoints(main).memberRole).toBeTruthy();
      // A member's session through the driver is the members' role, whatever its name on the instance.
      const member = await driver.session(main, asMember(main), 5_000, async (client) => {
        return (await client.query<{ superuser: boolean }>("select current_setting('is_superuser') = 'on' as superuser")).rows[0];
      });
      expect(member).toEqual({ superuser: false });
      const stats = await driver.stats(main.ref);
      if (stats) {
        expect(typeof stats.instance).toBe('string');
        expect(stats.cpuSeconds ?? stats.cpuCores).toEqual(expect.any(Number));
      }
      await driver.remove(main.ref);
      expect(await driver.isHealthy(main)).toBe(false);
      expect(await driver.stats(main.ref)).toBeUndefined();
    });
  });
}
