import { PAUSE_MESSAGES } from '@basin/core';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, SecretBox } from '../src/kernel/secrets.ts';
import { ChildPlatform } from './child-platform.ts';
import { downloadBackup, startFromBackup } from './backup-archive.ts';
import { ApiClient, healthyProject, query, startTestPlatform, statusOf, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** 320 random hex characters: compresses like real data, not like repeated text. */
const RANDOM_TEXT = Array.from({ length: 10 }, () => 'md5(random()::text)').join(' || ');

/** An organization with an Owner, a Read-only member and one healthy project holding rows. */
async function projectWithRows(url: string, rowCount = 1000) {
  const owner = new ApiClient(url);
  await owner.signUp(uniqueEmail('pause'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Pauses' })).body.slug;
  const readonly = await signUpMember(owner, slug, 'Read-only', 'reader');
  const ref = await healthyProject(owner, slug, 'Sleepy');
  const connectionString: string = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
  await query(
    connectionString,
    `create table notes (id serial primary key, body text not null);
     insert into notes (body) select ${RANDOM_TEXT} from generate_series(1, ${rowCount}) g`,
  );
  return { owner, readonly, ref, connectionString };
}

const fingerprint = async (cs: string) =>
  (await query(cs, 'select count(*)::int as rows, sum(hashtext(body))::text as hash from notes')).rows[0];

describe('pause', () => {
  let platform: TestPlatform;
  afterAll(async () => platform?.destroy());

  it('stops the instance, keeps its data, takes a downloadable backup and counts down the restore days', async () => {
    platform = await startTestPlatform();
    const { owner, readonly, ref, connectionString } = await projectWithRows(platform.url);
    const before = await fingerprint(connectionString);
    const pause = (client: ApiClient) => client.post(`/api/platform/projects/${ref}/pause`);
    const pauseStatus = () => owner.get(`/api/platform/projects/${ref}/pause/status`);

    expect((await pauseStatus()).body).toEqual({
      can_restore: false,
      latest_downloadable_backup_id: null,
      max_days_till_restore_disabled: 90,
      remaining_days_till_restore_disabled: 90,
    });
    expect(await pause(readonly)).toMatchObject({ status: 403, body: { message: PAUSE_MESSAGES.noPermission } });
    expect(await statusOf(owner, ref)).toBe('ACTIVE_HEALTHY');

    const accepted = await pause(owner);
    expect(accepted).toMatchObject({ status: 202, body: { ref, status: 'PAUSING' } });
    expect(await pause(owner)).toMatchObject({ status: 409, body: { message: PAUSE_MESSAGES.notPausable('PAUSING') } });
    await waitForStatus(owner, ref, 'INACTIVE', 60_000);

    // The process is gone and stays gone: the health checks (every 0.5 s here) leave it alone.
    const dataDir = path.join(platform.dataDir, 'projects', ref);
    await new Promise((r) => setTimeout(r, 2000));
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    await expect(query(connectionString, 'select 1')).rejects.toThrow(/ECONNREFUSED/);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await pause(owner)).toMatchObject({ status: 409, body: { message: PAUSE_MESSAGES.notPausable('INACTIVE') } });

    const backups = (await owner.get(`/api/platform/database/${ref}/backups/downloadable-backups`)).body.backups;
    expect(backups).toHaveLength(1);
    const { rows: kinds } = await platform.ctx.db.query('select id, kind from backups where project_ref = $1', [ref]);
    expect(kinds).toEqual([{ id: backups[0].id, kind: 'pause' }]);
    expect((await pauseStatus()).body).toEqual({
      can_restore: true,
      latest_downloadable_backup_id: backups[0].id,
      max_days_till_restore_disabled: 90,
      remaining_days_till_restore_disabled: 90,
    });
    expect((await readonly.get(`/api/platform/projects/${ref}/pause/status`)).status).toBe(200);

    // The countdown runs from the pause date and ends at 0.
    await platform.ctx.db.query("update projects set paused_at = now() - interval '30 days 1 hour' where ref = $1", [ref]);
    expect((await pauseStatus()).body).toMatchObject({ can_restore: true, remaining_days_till_restore_disabled: 60 });
    await platform.ctx.db.query("update projects set paused_at = now() - interval '95 days' where ref = $1", [ref]);
    expect((await pauseStatus()).body).toMatchObject({ can_restore: false, remaining_days_till_restore_disabled: 0 });

    const { archive } = await downloadBackup(owner, ref, backups[0].id);
    const restored = await startFromBackup(platform.ctx.box, archive, ref, '17');
    try {
      expect(await fingerprint(restored.connectionString(connectionString))).toEqual(before);
    } finally {
      await restored.stop();
    }
  });
});

describe('a pause that fails', () => {
  let platform: TestPlatform;
  afterAll(async () => platform?.destroy());

  it('ends PAUSE_FAILED with the reason, and the instance serves its data again', async () => {
    platform = await startTestPlatform({ faults: ['pause:backup'] });
    const { owner, ref, connectionString } = await projectWithRows(platform.url);
    const before = await fingerprint(connectionString);

    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).status).toBe(202);
    await waitForStatus(owner, ref, 'PAUSE_FAILED', 60_000);
    const project = (await owner.get(`/api/platform/projects/${ref}`)).body;
    expect(project.status_message).toBe(PAUSE_MESSAGES.failed('Injected fault: pause failed at backup'));
    expect(await fingerprint(connectionString)).toEqual(before);
    expect((await owner.get(`/api/platform/database/${ref}/backups/downloadable-backups`)).body.backups).toEqual([]);

    // A failed pause still serves: the health checks bring the instance back if it stops.
    await platform.ctx.driver.stop(ref);
    await waitFor(
      () => fingerprint(connectionString).catch(() => null),
      (f) => f !== null,
      30_000,
      250,
    );
    expect(await fingerprint(connectionString)).toEqual(before);
  });
});

describe('a platform killed while pausing', () => {
  const dirs: string[] = [];
  const running: ChildPlatform[] = [];
  beforeAll(async () => {
    dirs.push(await mkdtemp(path.join(os.tmpdir(), 'basin-pause-kill-')));
  });
  afterAll(async () => {
    for (const child of running) await child.interrupt();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('converges to INACTIVE after it starts again, with no data lost', { timeout: 300_000 }, async () => {
    const [dataDir] = dirs as [string];
    const first = await ChildPlatform.start(dataDir);
    running.push(first);
    // ~120 MB, so that the kill lands while the pause backup (seconds) is being written.
    const { owner, ref, connectionString } = await projectWithRows(first.url, 300_000);
    const before = await fingerprint(connectionString);

    expect((await owner.post(`/api/platform/projects/${ref}/pause`)).status).toBe(202);
    const backupsDir = path.join(dataDir, 'backups', ref);
    const partial = async () => (existsSync(backupsDir) ? (await readdir(backupsDir)).some((f) => f.endsWith('.partial')) : false);
    await waitFor(partial, Boolean, 120_000, 5);
    await first.kill();
    expect(await statusOf(owner, ref).catch(() => 'unreachable')).toBe('unreachable');

    const second = await ChildPlatform.start(dataDir, Number(new URL(first.url).port));
    running.push(second);
    const again = new ApiClient(second.url);
    again.cookie = owner.cookie;
    await waitForStatus(again, ref, 'INACTIVE', 180_000);

    expect((await readdir(backupsDir)).filter((f) => !f.endsWith('.tar.gz'))).toEqual([]);
    const backups = (await again.get(`/api/platform/database/${ref}/backups/downloadable-backups`)).body.backups;
    expect(backups).toHaveLength(1);
    expect((await again.get(`/api/platform/projects/${ref}/pause/status`)).body.latest_downloadable_backup_id).toBe(backups[0].id);

    const { archive } = await downloadBackup(again, ref, backups[0].id);
    const restored = await startFromBackup(new SecretBox(await loadOrCreateSecret(dataDir, undefined)), archive, ref, '17');
    try {
      expect(await fingerprint(restored.connectionString(connectionString))).toEqual(before);
    } finally {
      await restored.stop();
    }
  });
});
