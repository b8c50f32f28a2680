import { LIFECYCLE_MESSAGES, MESSAGES, parseUpgradeProgress, UPGRADE_STEPS, upgradeProgress } from '@basin/core';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChildPlatform } from './child-platform.ts';
import { ApiClient, query, startTestPlatform, statusOf, waitFor, waitForStatus } from './harness.ts';
import { fingerprint, organization, pause, projectWithRows, type Org } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
interface UpgradeStatus {
  tracking_id: string;
  status: 'Upgrading' | 'Upgraded' | 'Failed';
  progress: string;
  target_version: string;
  error: string | null;
  initiated_at: string;
}

const upgrade = (client: ApiClient, ref: string, target_version = '17') =>
  client.post(`/api/v1/projects/${ref}/upgrade`, { target_version });
const upgradeStatus = async (client: ApiClient, ref: string, trackingId?: string): Promise<UpgradeStatus> =>
  (await client.get(`/api/v1/projects/${ref}/upgrade/status${trackingId ? `?tracking_id=${trackingId}` : ''}`)).body.databaseUpgradeStatus;
const upgradeEnded = (client: ApiClient, ref: string, trackingId: string) =>
  waitFor(
    () => upgradeStatus(client, ref, trackingId),
    (s) => s.status !== 'Upgrading',
    240_000,
    50,
  );
const serverVersion = async (connectionString: string) =>
  (await query(connectionString, 'show server_version')).rows[0].server_version as string;
/** Nothing an upgrade keeps beside the data dirs (<ref>--next, --prev, --old) is left: of every project, or of `ref`'s. */
const leftovers = async (dataDir: string, ref = '') =>
  (await readdir(path.join(dataDir, 'projects'))).filter((name) => name.startsWith(`${ref}--`) || (!ref && name.includes('--')));

/** The project's own connection string, as the platform's superuser (for what members cannot do on 15). */
function asAdmin(platform: TestPlatform, ref: string, connectionString: string): string {
  const url = new URL(connectionString);
  url.username = 'basin_admin';
  url.password = encodeURIComponent(platform.ctx.box.derive(`instance-admin:${ref}`));
  return url.toString();
}

/** Test-only: every change of an upgrade's progress, in order, kept by a trigger in the platform store. */
async function recordProgress(platform: TestPlatform): Promise<(trackingId: string) => Promise<string[]>> {
  await platform.ctx.db.query(`
    create table test_upgrade_progress (seq serial primary key, tracking_id uuid, progress text);
    create function test_record_upgrade_progress() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' or new.progress is distinct from old.progress then
          insert into test_upgrade_progress (tracking_id, progress) values (new.tracking_id, new.progress);
        end if;
        return new;
      end $$;
    create trigger test_record_upgrade_progress after insert or update on project_upgrades
      for each row execute function test_record_upgrade_progress();`);
  return async (trackingId) =>
    (await platform.ctx.db.query('select progress from test_upgrade_progress where tracking_id = $1 order by seq', [trackingId])).rows.map(
      (r) => r.progress,
    );
}

describe('major upgrade', () => {
  let platform: TestPlatform;
  let org: Org;
  let progressOf: (trackingId: string) => Promise<string[]>;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    progressOf = await recordProgress(platform);
  });
  afterAll(() => platform?.destroy());

  it('moves a 15 project to 17 through the 8 steps in order, with data, roles, grants, views and functions', async () => {
    const project = await projectWithRows(org, '15');
    const before = await fingerprint(project.connectionString);
    await query(
      project.connectionString,
      `create view long_notes as select id from notes where length(body) > 100;
       create function note_count() returns bigint language sql as 'select count(*) from notes';`,
    );
    // Before 16 the members' role cannot create roles: this one comes from the platform's superuser.
    await query(
      asAdmin(platform, project.ref, project.connectionString),
      `create role reporter login password 'reporter-pw'; grant select on notes to reporter`,
    );
    const reporter = project.connectionString.replace(/\/\/postgres:[^@]+@/, '//reporter:reporter-pw@');
    expect(await upgradeStatus(org.owner, project.ref)).toBeNull();

    const started = await upgrade(org.owner, project.ref);
    expect(started.status).toBe(202);
    const trackingId: string = started.body.tracking_id;
    expect(await statusOf(org.owner, project.ref)).toBe('UPGRADING');
    expect((await upgrade(org.owner, project.ref)).status).toBe(409);

    // Poll like the dashboard (faster): the reported step never goes back.
    const seen: number[] = [];
    const ended = await waitFor(
      () => upgradeStatus(org.owner, project.ref, trackingId),
      (s) => {
        seen.push(parseUpgradeProgress(s.progress));
        return s.status !== 'Upgrading';
      },
      240_000,
      20,
    );
    expect(ended).toMatchObject({
      tracking_id: trackingId,
      status: 'Upgraded',
      progress: '9_completed_upgrade',
      target_version: '17',
      error: null,
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await progressOf(trackingId)).toEqual([...UPGRADE_STEPS.map(upgradeProgress), '9_completed_upgrade']);

    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.dbVersion).toMatch(/^supabase-postgres-17\./);
    expect(await serverVersion(project.connectionString)).toMatch(/^17\./);
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect(await fingerprint(project.connectionStringReadOnly)).toEqual(before);
    await expect(query(project.connectionStringReadOnly, `insert into notes (body) values ('x')`)).rejects.toThrow(/read-only/);
    expect((await query(project.connectionString, 'select count(*)::int as n from long_notes')).rows[0].n).toBe(before.rows);
    expect((await query(project.connectionString, 'select note_count()::int as n')).rows[0].n).toBe(before.rows);
    expect((await query(reporter, 'select count(*)::int as n from notes')).rows[0].n).toBe(before.rows);
    await expect(query(reporter, 'select count(*) from long_notes')).rejects.toThrow(/permission denied/);
    expect(await leftovers(platform.dataDir)).toEqual([]);
    // A full backup of the upgraded database was taken before it reported Upgraded.
    const { rows: backups } = await platform.ctx.db.query("select status from backups where project_ref = $1 and kind = 'upgrade'", [
      project.ref,
    ]);
    expect(backups).toEqual([{ status: 'COMPLETED' }]);
  }, 180_000);

  it('refuses what it cannot do, with a clear message, and changes nothing', async () => {
    const project = await projectWithRows(org, '15', 10);
    expect(await upgrade(org.developer, project.ref)).toEqual({ status: 403, body: { message: LIFECYCLE_MESSAGES.upgradeForbidden } });
    expect(await upgrade(org.owner, project.ref, '16')).toEqual({
      status: 400,
      body: { message: LIFECYCLE_MESSAGES.upgradeTargetUnknown('16') },
    });
    expect(await upgrade(org.owner, project.ref, '15')).toEqual({
      status: 400,
      body: { message: LIFECYCLE_MESSAGES.upgradeTargetNotNewer('15', '15') },
    });
    expect((await upgrade(org.owner, project.ref, '')).status).toBe(400);
    expect(await statusOf(org.owner, project.ref)).toBe('ACTIVE_HEALTHY');
    expect(await upgradeStatus(org.owner, project.ref)).toBeNull();
    const unknown = await org.owner.get(`/api/v1/projects/${project.ref}/upgrade/status?tracking_id=${crypto.randomUUID()}`);
    expect(unknown).toEqual({ status: 404, body: { message: MESSAGES.notFound('Upgrade') } });
    expect((await org.owner.get(`/api/v1/projects/${project.ref}/upgrade/status?tracking_id=nope`)).status).toBe(400);
  });
});

describe('a failed upgrade', () => {
  let platform: TestPlatform;
  afterAll(() => platform?.destroy());

  it('at step 5 reports Failed with the error, and the old 15 instance serves every row', async () => {
    platform = await startTestPlatform({ faults: ['upgrade:5'] });
    const org = await organization(platform.url);
    const project = await projectWithRows(org, '15');
    const before = await fingerprint(project.connectionString);
    const { tracking_id } = (await upgrade(org.owner, project.ref)).body;

    const ended = await upgradeEnded(org.owner, project.ref, tracking_id);
    expect(ended).toMatchObject({ status: 'Failed', progress: '5_migrate_to_new_database', error: 'Injected fault: upgrade failed at 5' });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.dbVersion).toMatch(/^supabase-postgres-15\./);
    expect(await serverVersion(project.connectionString)).toMatch(/^15\./);
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect(await leftovers(platform.dataDir)).toEqual([]);
  }, 180_000);
});

/**
 * One child platform holds two moves at once, each at a step of its own (BASIN_FAULTS
 * `<operation>:<step>:hold`): an upgrade at the start of the copy, a restore onto 17 with the copy
 * made but not yet checked. It is killed while both are held and started again without the
 * faults; each test then follows its project to the end. Holding the steps makes the kill land
 * where it should every time, with no need of a copy long enough to race.
 */
describe('a platform killed (SIGKILL) in the middle of moving data', () => {
  const HELD = { upgrade: 5, restore: 6 } as const;
  let dataDir: string;
  const running: ChildPlatform[] = [];
  /** The owner's client on the restarted platform. */
  let owner: ApiClient;
  let moves: Record<keyof typeof HELD, { ref: string; connectionString: string; before: unknown; trackingId: string }>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-upgrade-kill-'));
    const faults = Object.entries(HELD).map(([operation, step]) => `${operation}:${step}:hold`);
    const first = await ChildPlatform.start(dataDir, undefined, { BASIN_FAULTS: faults.join(',') });
    running.push(first);
    const org = await organization(first.url);
    const [upgraded, restored] = await Promise.all([projectWithRows(org, '15'), projectWithRows(org, '15')]);
    const [upgradedBefore, restoredBefore] = await Promise.all([
      fingerprint(upgraded.connectionString),
      fingerprint(restored.connectionString),
    ]);

    await pause(org, restored.ref);
    const restore = await org.owner.post(`/api/platform/projects/${restored.ref}/restore`, {
      postgres_engine: '17',
      release_channel: 'ga',
    });
    expect(restore.status).toBe(202);
    moves = {
      restore: { ...restored, before: restoredBefore, trackingId: (await upgradeStatus(org.owner, restored.ref)).tracking_id },
      upgrade: { ...upgraded, before: upgradedBefore, trackingId: (await upgrade(org.owner, upgraded.ref)).body.tracking_id },
    };

    // Both held: the progress shows the held step, and the platform dies there.
    await waitFor(
      async () => first.log,
      (log) => Object.entries(HELD).every(([operation, step]) => log.includes(`Injected fault: ${operation} held at ${step}`)),
      120_000,
      20,
    );
    for (const [operation, move] of Object.entries(moves))
      expect(await upgradeStatus(org.owner, move.ref, move.trackingId)).toMatchObject({
        status: 'Upgrading',
        progress: upgradeProgress(UPGRADE_STEPS[HELD[operation as keyof typeof HELD] - 1]!),
      });
    await first.kill();

    const second = await ChildPlatform.start(dataDir, Number(new URL(first.url).port));
    running.push(second);
    owner = new ApiClient(second.url);
    owner.cookie = org.owner.cookie;
  }, 300_000);
  afterAll(async () => {
    for (const child of running.splice(0)) await child.interrupt();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('during an upgrade, at the start of the copy (step 5): it converges on 17 after the restart, with every row', async () => {
    const { ref, connectionString, before, trackingId } = moves.upgrade;
    expect(await upgradeEnded(owner, ref, trackingId)).toMatchObject({ status: 'Upgraded', progress: '9_completed_upgrade' });
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    expect(await serverVersion(connectionString)).toMatch(/^17\./);
    expect(await fingerprint(connectionString)).toEqual(before);
    expect(await leftovers(dataDir, ref)).toEqual([]);
  }, 300_000);

  it('during a restore onto 17, with the copy made but not checked (step 6): it converges after the restart, with every row', async () => {
    const { ref, connectionString, before, trackingId } = moves.restore;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY', 240_000);
    expect(await upgradeStatus(owner, ref, trackingId)).toMatchObject({ status: 'Upgraded' });
    expect(await serverVersion(connectionString)).toMatch(/^17\./);
    expect(await fingerprint(connectionString)).toEqual(before);
    expect(await leftovers(dataDir, ref)).toEqual([]);
  }, 300_000);
});
