import { chmod, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, run, testSpec } from '../../test/instance-fixture.ts';
import { EmbeddedDriver } from './embedded-driver.ts';
import type { InstanceSpec } from './types.ts';

// Real servers archiving real WAL: one project instance, its backup, and recoveries from them.
let root: string;
let driver: EmbeddedDriver;
let main: InstanceSpec;
let base: string;
/** A second between the rows written before it and after it. */
let between: Date;

const specFor = async (ref: string, archiveWal: boolean): Promise<InstanceSpec> => ({ ...(await testSpec(ref, '17')), archiveWal });

const query = (spec: InstanceSpec, sql: string, login = member(spec)) => run(spec, sql, login);

const notes = (spec: InstanceSpec) => query(spec, 'select note from notes order by id').then((rows) => rows.map((row) => row.note));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-pitr-'));
  await chmod(root, 0o711); // the postgres system user must pass through
  driver = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
  main = await specFor('main', true);
  await driver.create(main);
  await query(main, 'create table notes (id serial primary key, note text)');
  await query(main, "insert into notes (note) values ('before the backup')");
  base = join(root, 'base.tar.gz');
  await driver.backup(main, base);
  await query(main, "insert into notes (note) values ('before the point')");
  await sleep(1_100);
  between = new Date();
  await sleep(1_100);
  await query(main, "insert into notes (note) values ('after the point')");
}, 120_000);

afterAll(async () => {
  await driver?.stopAll();
  await rm(root, { recursive: true, force: true });
});

describe('WAL archiving', () => {
  it('archives finished segments, gzipped, where members cannot change it', async () => {
    await query(main, 'select pg_switch_wal()', admin(main));
    await expect
      .poll(async () => (await readdir(driver.walArchiveDir(main.ref))).filter((name) => name.endsWith('.gz')).length)
      .toBeGreaterThan(0);
    const status = await driver.walArchiveStatus(main);
    expect(status.bytes).toBeGreaterThan(0);
    expect(status.failing).toBe(false);
    expect(status.lastArchivedAt).toBeInstanceOf(Date);
    await expect(query(main, "alter system set archive_command = 'cat /etc/passwd'")).rejects.toMatchObject({ code: '42501' });
    await expect(query(main, "select pg_ls_dir('../main.wal')")).rejects.toMatchObject({ code: '42501' });
    await expect(query(main, "copy notes from program 'ls'")).rejects.toMatchObject({ code: '42501' });
  });
});

describe('recovery to a point in time', () => {
  it('makes another instance as the source was at that second, leaving the source alone', async () => {
    const branch = await specFor('branch', false);
    await driver.recoverToPoint(main, branch, base, between);
    expect(await notes(branch)).toEqual(['before the backup', 'before the point']);
    await query(branch, "insert into notes (note) values ('written on the branch')"); // writable, with its own passwords
    expect(await notes(main)).toEqual(['before the backup', 'before the point', 'after the point']);
    await driver.remove(branch.ref);
  }, 120_000);

  it('puts the old data back and starts it when recovery cannot reach the point', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    await expect(driver.recoverToPoint(main, main, base, inAnHour)).rejects.toThrow(
      /recovery ended before configured recovery target was reached/,
    );
    expect(await notes(main)).toEqual(['before the backup', 'before the point', 'after the point']);
  }, 120_000);

  it('refuses a point before the base backup began', async () => {
    await expect(driver.recoverToPoint(main, main, base, new Date(Date.now() - 3_600_000))).rejects.toThrow(/after the point in time/);
    expect(await notes(main)).toEqual(['before the backup', 'before the point', 'after the point']);
  });

  it('recovers the instance in place, which goes on archiving on a new timeline', async () => {
    await driver.recoverToPoint(main, main, base, between);
    expect(await notes(main)).toEqual(['before the backup', 'before the point']);
    await query(main, "insert into notes (note) values ('after the recovery')");
    const [{ timeline }] = (await query(main, 'select timeline_id as timeline from pg_control_checkpoint()', admin(main))) as [
      { timeline: number },
    ];
    expect(timeline).toBe(2);
    await expect.poll(async () => readdir(driver.walArchiveDir(main.ref))).toContain('00000002.history.gz');
    expect(await readdir(join(root, 'projects'))).toEqual(expect.not.arrayContaining(['main.before-pitr', 'main.pitr']));
  }, 120_000);

  it('puts back the old data an interrupted recovery in place left aside, then recovers', async () => {
    // As a platform killed mid-recovery leaves it: the old data aside, a half-made directory in its place.
    await driver.stop(main.ref);
    const dir = driver.dataDir(main.ref);
    await rename(dir, `${dir}.before-pitr`);
    await mkdir(dir, { mode: 0o700 });
    await writeFile(join(dir, 'PG_VERSION'), '17\n');
    await driver.recoverToPoint(main, main, base, between);
    expect(await notes(main)).toEqual(['before the backup', 'before the point']);
    expect(await readdir(join(root, 'projects'))).toEqual(expect.not.arrayContaining(['main.before-pitr', 'main.pitr']));
  }, 120_000);

  it('prunes what only older backups need, keeping timeline histories', async () => {
    await driver.pruneWalArchive(main.ref, new Date(Date.now() + 60_000));
    const left = await readdir(driver.walArchiveDir(main.ref));
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((name) => !name.includes('.history'))).toEqual([]);
  });
});
