import { BACKUP_MESSAGES, MESSAGES } from '@basin/core';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_BACKUP_CRON, DAILY_BACKUP_QUEUE } from '../src/jobs/backup-schedule.ts';
import { signedBackupPath, BACKUP_LINK_LIFETIME_MS } from '../src/services/backups/backup-links.ts';
import { removeProjectBackups, takeBackup } from '../src/services/backups/backups.ts';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import * as projects from '../src/store/projects.ts';
import { downloadBackup, type RestoredInstance, startFromBackup } from './backup-archive.ts';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';
import { storedFiles } from './stored-files.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let ownerId: string;
let readonly: ApiClient;
let readonlyId: string;
let ref: string;
let connectionString: string;
let files: ReturnType<typeof storedFiles>;
const report = randomBytes(300 * 1024);

const list = (client: ApiClient) => client.get(`/api/platform/database/${ref}/backups/downloadable-backups`);
const download = (client: ApiClient, id: number) => client.post(`/api/platform/database/${ref}/backups/download`, { id });
const run = promisify(execFile);
/** A link followed as a browser would: with the client's session cookie, if any. */
const follow = (url: string, client?: ApiClient) => fetch(new URL(url, platform.url), { headers: client ? { cookie: client.cookie } : {} });
const rows = async (cs: string) => (await query(cs, 'select id, body from notes order by id')).rows;

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  ownerId = (await owner.signUp(uniqueEmail('backups'))).id;
  const slug = (await owner.post('/api/platform/organizations', { name: 'Backups' })).body.slug;
  const reader = await signUpMember(owner, slug, 'Read-only', 'reader');
  readonly = reader;
  readonlyId = reader.user.id;
  ref = await healthyProject(owner, slug, 'Kept');
  connectionString = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
  await query(
    connectionString,
    "create table notes (id serial primary key, body text not null); insert into notes (body) select 'note ' || g from generate_series(1, 1000) g",
  );
  files = storedFiles(owner, ref);
  await files.createBucket('docs');
  await files.upload('docs', 'reports/q1.bin', report);
  await files.copy('docs', 'reports/q1.bin', 'reports/q1 copy.bin');
  await files.upload('docs', 'hello.txt', 'hello', 'text/plain');
  // An upload the platform was writing when it stopped: never part of a backup.
  await mkdir(path.join(platform.dataDir, 'storage', ref, '.tmp'), { recursive: true });
  await writeFile(path.join(platform.dataDir, 'storage', ref, '.tmp', 'half-written'), 'half');
});

/** Every stored object of the database at `cs`, with where its bytes are in a backup. */
async function storedObjects(cs: string): Promise<{ name: string; version: string; archived: string }[]> {
  const { rows } = await query(cs, `select bucket_id, name, version from storage.objects order by bucket_id, name`);
  return rows.map((r) => ({
    name: `${r.bucket_id}/${r.name}`,
    version: r.version,
    archived: `basin_storage/${r.bucket_id}/${r.name}/${r.version}`,
  }));
}

/** The files of the project's storage are in the archive under basin_storage/, the stray upload is not. */
async function expectStoredFilesIn(entries: string[], restored: RestoredInstance, cs: string): Promise<void> {
  const objects = await storedObjects(restored.connectionString(cs));
  expect(objects.map((o) => o.name)).toEqual(expect.arrayContaining(['docs/hello.txt', 'docs/reports/q1 copy.bin', 'docs/reports/q1.bin']));
  for (const object of objects) expect(entries).toContain(object.archived);
  expect(entries.filter((entry) => entry.includes('.tmp') || entry.includes('half-written'))).toEqual([]);
  // Extracted as the README says, every row the restored database holds has its bytes beside it.
  const bytesOf = (name: string) => readFile(path.join(restored.dataDir, objects.find((o) => o.name === name)!.archived));
  for (const object of objects) expect(existsSync(path.join(restored.dataDir, object.archived))).toBe(true);
  expect((await bytesOf('docs/reports/q1.bin')).equals(report)).toBe(true);
  expect((await bytesOf('docs/reports/q1 copy.bin')).equals(report)).toBe(true);
  expect(await bytesOf('docs/hello.txt').then(String)).toBe('hello');
}

afterAll(async () => {
  await platform?.destroy();
});

describe('physical backups', () => {
  it('answers an empty list and "No backups available for download" before the first backup', async () => {
    expect((await list(owner)).body).toEqual({ backups: [], status: 'physical-backups-enabled' });
    expect(await download(owner, 1)).toMatchObject({ status: 404, body: { message: BACKUP_MESSAGES.noBackups } });
  });

  it('the daily schedule backs up the running instance; the download starts a new instance with the same rows', async () => {
    const schedules = await platform.ctx.queue.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: DAILY_BACKUP_QUEUE, cron: DAILY_BACKUP_CRON }));

    // A writer keeps committing during the backup: the copy must still be one consistent moment.
    let writing = true;
    const writer = (async () => {
      while (writing) await query(connectionString, "insert into notes (body) values ('during')");
    })();
    // And uploads go on: the files archived are those of the database's moment (or newer).
    let uploads = 0;
    const uploader = (async () => {
      while (writing) await files.upload('docs', `during/${uploads++}.txt`, `upload ${uploads}`, 'text/plain');
    })();
    await platform.ctx.queue.send(DAILY_BACKUP_QUEUE, {});
    const listed = await waitFor(
      () => list(owner),
      (a) => a.body.backups.length === 1,
    );
    writing = false;
    await Promise.all([writer, uploader]);
    const [backup] = listed.body.backups;
    expect(backup).toEqual({ id: expect.any(Number), isPhysicalBackup: true, inserted_at: expect.any(String), status: 'COMPLETED' });

    const { response, archive } = await downloadBackup(owner, ref, backup.id);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${ref}-backup-${backup.id}-.*\\.tar\\.gz"$`),
    );
    const entries = await archiveEntries(archive);
    expect(entries).toContain('backup_label');
    expect(entries).not.toContain('postmaster.pid');

    const restored = await startFromBackup(platform.ctx.box, archive, ref, '17');
    try {
      await expectStoredFilesIn(entries, restored, connectionString);
      const copy = await rows(restored.connectionString(connectionString));
      // Every row up to one commit, none after a gap: the state at one moment of the writes.
      expect(copy.length).toBeGreaterThanOrEqual(1000);
      expect(copy.map((r) => r.id)).toEqual(copy.map((_, i) => i + 1));
      expect(copy.slice(0, 1000)).toEqual(
        await query(connectionString, 'select id, body from notes where id <= 1000 order by id').then((r) => r.rows),
      );
    } finally {
      await restored.stop();
    }
  });

  it('a backup taken directly (as pause does) of the stopped instance restores too, and the newest is listed first', async () => {
    await query(connectionString, "insert into notes (body) values ('before the stopped backup')");
    const row = (await projects.findByRef(platform.ctx.db, ref))!;
    await projects.setStatus(platform.ctx.db, ref, 'INACTIVE'); // keeps the health checks from starting it
    await platform.ctx.driver.stop(ref);
    let backupId: number;
    try {
      backupId = (await takeBackup(platform.ctx, row, 'pause')).id;
    } finally {
      await platform.ctx.driver.start(instanceSpec(row, platform.ctx.box));
      await projects.setStatus(platform.ctx.db, ref, 'ACTIVE_HEALTHY');
    }
    expect((await list(owner)).body.backups[0].id).toBe(backupId);

    const { archive } = await downloadBackup(owner, ref, backupId);
    const entries = await archiveEntries(archive);
    expect(entries).not.toContain('backup_label');
    const restored = await startFromBackup(platform.ctx.box, archive, ref, '17');
    try {
      await expectStoredFilesIn(entries, restored, connectionString);
      expect(await rows(restored.connectionString(connectionString))).toEqual(await rows(connectionString));
    } finally {
      await restored.stop();
    }
  });

  it('a backup of a crashed instance (no clean shutdown) starts with crash recovery and the same rows', async () => {
    await query(connectionString, "insert into notes (body) values ('before the crash')");
    const row = (await projects.findByRef(platform.ctx.db, ref))!;
    await projects.setStatus(platform.ctx.db, ref, 'INACTIVE');
    const lock = await readFile(path.join(platform.dataDir, 'projects', ref, 'postmaster.pid'), 'utf8');
    process.kill(Number(lock.split('\n')[0]), 'SIGKILL');
    let backupId: number;
    try {
      await waitFor(
        () => platform.ctx.driver.isHealthy(instanceSpec(row, platform.ctx.box)),
        (up) => !up,
      );
      backupId = (await takeBackup(platform.ctx, row, 'scheduled')).id;
    } finally {
      await platform.ctx.driver.start(instanceSpec(row, platform.ctx.box));
      await projects.setStatus(platform.ctx.db, ref, 'ACTIVE_HEALTHY');
    }
    const { archive } = await downloadBackup(owner, ref, backupId);
    const restored = await startFromBackup(platform.ctx.box, archive, ref, '17');
    try {
      expect(await rows(restored.connectionString(connectionString))).toEqual(await rows(connectionString));
    } finally {
      await restored.stop();
    }
  });

  it('refuses links that are not signed by the platform or have expired', async () => {
    const [backup] = (await list(owner)).body.backups;
    const { fileUrl } = (await download(owner, backup.id)).body;
    const get = (url: string) => follow(url, owner);

    const forged = fileUrl.replace(/signature=[^&]+/, 'signature=forged');
    expect(await get(forged).then(answer)).toEqual({ status: 403, body: { message: BACKUP_MESSAGES.linkInvalid } });
    const otherBackup = fileUrl.replace(`/${backup.id}?`, `/${backup.id + 1000}?`);
    expect((await get(otherBackup)).status).toBe(403);
    const longer = fileUrl.replace(/expires=\d+/, (m: string) => `expires=${Number(m.split('=')[1]) + 3600}`);
    expect((await get(longer)).status).toBe(403);
    expect((await get(`/api/backups/${ref}/${backup.id}`)).status).toBe(403);

    const expired = signedBackupPath(platform.ctx.box, ref, backup.id, ownerId, Date.now() - BACKUP_LINK_LIFETIME_MS - 1000);
    expect(await get(expired).then(answer)).toEqual({ status: 403, body: { message: BACKUP_MESSAGES.linkExpired } });
  });

  // Issue 21: the platform secret alone (leaked) must open no backup.
  it('opens only for the session of the member it was made for, while they may download backups', async () => {
    const [backup] = (await list(owner)).body.backups;
    const { fileUrl } = (await download(owner, backup.id)).body;
    const refused = (message: string) => ({ status: 403, body: { message } });

    // Anyone the link leaked to, without the member's session.
    const leaked = await follow(fileUrl);
    expect(leaked.status).toBe(401);
    expect(await leaked.json()).toEqual({ message: MESSAGES.notSignedIn });
    // A member of another organization: with the link, or with one forged for them with the platform secret.
    const outsider = new ApiClient(platform.url);
    const outsiderId = (await outsider.signUp(uniqueEmail('outsider'))).id;
    expect((await outsider.post('/api/platform/organizations', { name: 'Elsewhere' })).status).toBe(201);
    const forged = signedBackupPath(platform.ctx.box, ref, backup.id, outsiderId);
    expect(await follow(fileUrl, outsider).then(answer)).toEqual(refused(BACKUP_MESSAGES.linkInvalid));
    expect(await follow(forged, outsider).then(answer)).toEqual(refused(BACKUP_MESSAGES.linkInvalid));
    expect((await follow(forged)).status).toBe(401);
    // A member who may list backups but not download them, with a link forged for them.
    const forReader = signedBackupPath(platform.ctx.box, ref, backup.id, readonlyId);
    expect(await follow(forReader, readonly).then(answer)).toEqual(refused(BACKUP_MESSAGES.noDownloadPermission));

    const opened = await follow(fileUrl, owner);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/gzip');
    await opened.body?.cancel();
  });

  it('a Read-only member lists backups but cannot download them; unknown ids are 404', async () => {
    const listed = await list(readonly);
    expect(listed.status).toBe(200);
    expect(listed.body.backups.length).toBe(3);
    expect(await download(readonly, listed.body.backups[0].id)).toMatchObject({
      status: 403,
      body: { message: BACKUP_MESSAGES.noDownloadPermission },
    });
    expect(await download(owner, 999_999)).toMatchObject({ status: 404, body: { message: 'Backup not found' } });
    expect((await download(owner, -1)).status).toBe(400);
    expect((await new ApiClient(platform.url).get(`/api/platform/database/${ref}/backups/downloadable-backups`)).status).toBe(401);
  });

  it("puts lost files back with the README's commands, run as written, into the project's existing folder", async () => {
    const [backup] = (await list(owner)).body.backups;
    const { archive } = await downloadBackup(owner, ref, backup.id);
    const storage = path.join(platform.dataDir, 'storage', ref);
    // A file's bytes are lost; the project's folder (with its other files) stays.
    const hello = (await storedObjects(connectionString)).find((o) => o.name === 'docs/hello.txt')!;
    await rm(path.join(storage, 'docs', 'hello.txt', hello.version));
    await expect(files.download('docs', 'hello.txt')).rejects.toThrow(/404|400/);

    const readme = await readFile(path.join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/^( *)```sh\n([\s\S]*?)^\1```/gm)].map(([, indent, body]) =>
      body!.replace(new RegExp(`^${indent}`, 'gm'), ''),
    );
    const steps = blocks.filter((block) => block.includes('d/basin_storage'));
    expect(steps).toHaveLength(1);
    const work = await mkdtemp(path.join(os.tmpdir(), 'basin-readme-restore-'));
    try {
      await writeFile(path.join(work, 'backup.tar.gz'), archive);
      await run('sh', ['-e', '-c', steps[0]!.replaceAll('<ref>', ref)], {
        cwd: work,
        env: { ...process.env, BASIN_DATA_DIR: platform.dataDir },
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }

    expect(existsSync(path.join(storage, 'basin_storage'))).toBe(false);
    expect((await files.download('docs', 'hello.txt')).toString()).toBe('hello');
    expect((await files.download('docs', 'reports/q1.bin')).equals(report)).toBe(true);
  });

  it('removeProjectBackups deletes the rows and the files', async () => {
    const dir = path.join(platform.dataDir, 'backups', ref);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(3);
    await removeProjectBackups(platform.ctx, ref);
    expect((await list(owner)).body.backups).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

async function archiveEntries(archive: Buffer): Promise<string[]> {
  const names: string[] = [];
  const parser = new tar.Parser({
    onReadEntry: (entry) => {
      names.push(entry.path);
      entry.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(archive);
  });
  return names;
}
