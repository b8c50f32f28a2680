import { ADDON_MESSAGES, BILLING_MESSAGES, PITR_MESSAGES, pitrAddonVariant } from '@basin/core';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildPlatform } from './child-platform.ts';
import { ApiClient, query, startTestPlatform, statusOf, waitFor, waitForStatus } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;

const notes = async (connectionString: string) =>
  (await query(connectionString, "select body from notes where body like 'mark %' order by id")).rows.map((row) => row.body);

/** A second with one row committed before it and one after: `mark before` and `mark after`. */
async function writeAroundASecond(connectionString: string, label: string): Promise<number> {
  await query(connectionString, `insert into notes (body) values ('mark ${label} before')`);
  await sleep(1_100);
  const second = Math.floor(Date.now() / 1000);
  await sleep(1_100);
  await query(connectionString, `insert into notes (body) values ('mark ${label} after')`);
  return second;
}

describe('point-in-time recovery', () => {
  let platform: Platform;
  let org: Org;
  let project: ProjectWithRows;
  const addons = () => `/api/platform/projects/${project.ref}/billing/addons`;
  const pitr = () => `/api/platform/database/${project.ref}/backups/pitr`;
  const enable = (variant: string, client = org.owner) => client.post(addons(), { addon_type: 'pitr', addon_variant: variant });

  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    project = await projectWithRows(org, '17', 10);
  }, 180_000);
  afterAll(() => platform?.destroy());

  it('needs billing permission, a paid plan and Small compute, and refuses restores while off', async () => {
    expect(await enable('pitr_7', org.developer)).toEqual({ status: 403, body: { message: BILLING_MESSAGES.noWritePermission } });
    expect(await enable('pitr_7')).toEqual({ status: 400, body: { message: ADDON_MESSAGES.pitrNeedsCompute } });
    expect(await enable('pitr_30')).toEqual({ status: 400, body: { message: ADDON_MESSAGES.unknownPitrVariant('pitr_30') } });
    expect((await org.owner.get(pitr())).body).toMatchObject({ pitr_enabled: false, earliest_recoverable_at: null, latest_restore: null });
    const restore = await org.owner.post(pitr(), { recovery_time_target_unix: Math.floor(Date.now() / 1000) });
    expect(restore).toEqual({ status: 400, body: { message: PITR_MESSAGES.notEnabled } });
    expect((await org.owner.post(pitr(), { recovery_time_target_unix: 'soon' })).status).toBe(400);

    const free = await organization(platform.url, 'free');
    const freeProject = await projectWithRows(free, '17', 1);
    const answer = await free.owner.post(`/api/platform/projects/${freeProject.ref}/billing/addons`, {
      addon_type: 'pitr',
      addon_variant: 'pitr_7',
    });
    expect(answer).toEqual({ status: 400, body: { message: ADDON_MESSAGES.pitrNeedsPaidPlan } });
  }, 180_000);

  it('turns on with a restart, archives WAL and opens its window once the first base backup completes', async () => {
    expect((await org.owner.post(addons(), { addon_type: 'compute_instance', addon_variant: 'ci_small' })).status).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const enabled = await enable('pitr_7');
    expect(enabled.status).toBe(202);
    expect(enabled.body.selected_addons).toContainEqual({ type: 'pitr', variant: pitrAddonVariant(7) });
    expect(await statusOf(org.owner, project.ref)).toBe('RESTARTING');
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const status = await waitFor(
      async () => (await org.owner.get(pitr())).body,
      (body) => body.latest_recoverable_at !== null,
    );
    expect(status).toMatchObject({ pitr_enabled: true, retention_days: 7, archiving_failing: false });
    expect(Date.parse(status.earliest_recoverable_at)).toBeLessThanOrEqual(Date.parse(status.latest_recoverable_at));
    // The base backup is a backup members can download, like the daily ones.
    expect((await org.owner.get(`/api/platform/database/${project.ref}/backups/downloadable-backups`)).body.backups).toHaveLength(1);
    // The base backup and the archived WAL take disk space of the project's.
    const { disk } = (await org.owner.get(`/api/platform/projects/${project.ref}/infrastructure`)).body;
    expect(disk.pitr_bytes).toBeGreaterThan(0);
    expect(disk.used_bytes).toBe(disk.database_bytes + disk.storage_bytes + disk.pitr_bytes);
    // Lowering the size below Small is refused while PITR is on.
    expect(await org.owner.post(addons(), { addon_type: 'compute_instance', addon_variant: 'ci_micro' })).toEqual({
      status: 400,
      body: { message: ADDON_MESSAGES.pitrComputeNeeded },
    });
    // A longer window takes effect without a restart.
    expect((await enable('pitr_14')).body.selected_addons).toContainEqual({ type: 'pitr', variant: pitrAddonVariant(14) });
    expect(await statusOf(org.owner, project.ref)).toBe('ACTIVE_HEALTHY');
  }, 180_000);

  it('reports the window to the management API as the Supabase CLI reads it', async () => {
    const { body } = await org.owner.get(`/api/v1/projects/${project.ref}/database/backups`);
    expect(body).toMatchObject({ pitr_enabled: true, walg_enabled: true, backups: [{ is_physical_backup: true, status: 'COMPLETED' }] });
    const { earliest_physical_backup_date_unix: earliest, latest_physical_backup_date_unix: latest } = body.physical_backup_data;
    expect(Number.isInteger(earliest) && Number.isInteger(latest) && earliest <= latest).toBe(true);
  });

  it('restores the project in place to a second: rows before it stay, rows after it are gone', async () => {
    const second = await writeAroundASecond(project.connectionString, 'restore');
    const outside = await org.owner.post(pitr(), { recovery_time_target_unix: second + 3600 });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toMatch(/^Choose a time between /);
    expect(await org.developer.post(pitr(), { recovery_time_target_unix: second })).toEqual({
      status: 403,
      body: { message: PITR_MESSAGES.restoreForbidden },
    });

    const started = await org.owner.post(`/api/v1/projects/${project.ref}/database/backups/restore-pitr`, {
      recovery_time_target_unix: second,
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'RUNNING', step: 'Queued', target_time: new Date(second * 1000).toISOString() });
    expect(await statusOf(org.owner, project.ref)).toBe('RESTORING');
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY', 300_000);
    expect(await notes(project.connectionString)).toEqual(['mark restore before']);
    await query(project.connectionString, "insert into notes (body) values ('mark written after the restore')");

    const status = await waitFor(
      async () => (await org.owner.get(pitr())).body,
      (body) => body.earliest_recoverable_at !== null,
    );
    expect(status.latest_restore).toMatchObject({ id: started.body.id, status: 'COMPLETED', step: 'Done', error: null });
    // A new history: its window begins with the base backup taken after the restore.
    expect(Date.parse(status.earliest_recoverable_at)).toBeGreaterThan(second * 1000);
  }, 360_000);

  it('starts a branch from a second of the window, leaving the parent as it is', async () => {
    const second = await writeAroundASecond(project.connectionString, 'branch');
    const created = await org.owner.post(`/api/v1/projects/${project.ref}/branches`, {
      branch_name: 'yesterday',
      recovery_time_target: second,
    });
    expect(created.status).toBe(201);
    await waitForStatus(org.owner, created.body.project_ref, 'ACTIVE_HEALTHY', 300_000);
    const branch = (await org.owner.get(`/api/platform/projects/${created.body.project_ref}`)).body;
    expect(await notes(branch.connectionString)).toEqual(['mark restore before', 'mark written after the restore', 'mark branch before']);
    expect(await notes(project.connectionString)).toEqual([
      'mark restore before',
      'mark written after the restore',
      'mark branch before',
      'mark branch after',
    ]);
    const refused = await org.owner.post(`/api/v1/projects/${project.ref}/branches`, { branch_name: 'too-old', recovery_time_target: 1 });
    expect(refused.status).toBe(400);
  }, 360_000);

  it('turns off with a restart, deleting its base backups and archived WAL', async () => {
    const removed = await org.owner.delete(`${addons()}/pitr_14`);
    expect(removed.status).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect((await org.owner.get(pitr())).body).toMatchObject({ pitr_enabled: false, earliest_recoverable_at: null });
    expect((await org.owner.get(`/api/platform/database/${project.ref}/backups/downloadable-backups`)).body.backups).toEqual([]);
    const archive = await waitFor(
      () => readdir(path.join(platform.dataDir, 'projects', `${project.ref}.wal`)),
      (names) => names.every((name) => name.includes('.history')),
    );
    expect(archive.length).toBeGreaterThan(0); // timeline histories stay
  }, 180_000);
});

describe('a restore to a point that fails', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startTestPlatform({ faults: ['restore-pitr:recover'] });
  });
  afterAll(() => platform?.destroy());

  it('leaves the project running on its old data and says why', async () => {
    const org = await organization(platform.url);
    const project = await projectWithRows(org, '17', 10);
    expect(
      (
        await org.owner.post(`/api/platform/projects/${project.ref}/billing/addons`, {
          addon_type: 'compute_instance',
          addon_variant: 'ci_small',
        })
      ).status,
    ).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect(
      (await org.owner.post(`/api/platform/projects/${project.ref}/billing/addons`, { addon_type: 'pitr', addon_variant: 'pitr_7' }))
        .status,
    ).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const second = await writeAroundASecond(project.connectionString, 'fault');
    expect((await org.owner.post(`/api/platform/database/${project.ref}/backups/pitr`, { recovery_time_target_unix: second })).status).toBe(
      202,
    );
    const status = await waitFor(
      async () => (await org.owner.get(`/api/platform/database/${project.ref}/backups/pitr`)).body,
      (body) => body.latest_restore?.status === 'FAILED',
      120_000,
    );
    expect(status.latest_restore.error).toMatch(/Injected fault/);
    expect(await statusOf(org.owner, project.ref)).toBe('ACTIVE_HEALTHY');
    expect(await notes(project.connectionString)).toEqual(['mark fault before', 'mark fault after']);
  }, 300_000);
});

describe('a platform killed (SIGKILL) during a restore to a point', () => {
  let dataDir: string;
  const running: ChildPlatform[] = [];
  afterAll(async () => {
    for (const child of running.splice(0)) await child.interrupt();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the restore once it is started again', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-pitr-kill-'));
    const first = await ChildPlatform.start(dataDir, undefined, { BASIN_FAULTS: 'restore-pitr:recover:hold' });
    running.push(first);
    const org = await organization(first.url);
    const project = await projectWithRows(org, '17', 10);
    const addons = `/api/platform/projects/${project.ref}/billing/addons`;
    expect((await org.owner.post(addons, { addon_type: 'compute_instance', addon_variant: 'ci_small' })).status).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect((await org.owner.post(addons, { addon_type: 'pitr', addon_variant: 'pitr_7' })).status).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const second = await writeAroundASecond(project.connectionString, 'kill');
    const pitr = `/api/platform/database/${project.ref}/backups/pitr`;
    await waitFor(
      async () => (await org.owner.get(pitr)).body.latest_recoverable_at,
      (latest) => latest !== null && Date.parse(latest) >= second * 1000,
    );
    expect((await org.owner.post(pitr, { recovery_time_target_unix: second })).status).toBe(202);
    await waitFor(
      async () => first.log,
      (log) => log.includes('Injected fault: restore-pitr held at recover'),
      120_000,
      20,
    );
    await first.kill();

    const restarted = await ChildPlatform.start(dataDir, Number(new URL(first.url).port));
    running.push(restarted);
    const owner = new ApiClient(restarted.url);
    owner.cookie = org.owner.cookie;
    await waitForStatus(owner, project.ref, 'ACTIVE_HEALTHY', 300_000);
    expect((await owner.get(pitr)).body.latest_restore).toMatchObject({ status: 'COMPLETED' });
    expect(await notes(project.connectionString)).toEqual(['mark kill before']);
  }, 420_000);
});
