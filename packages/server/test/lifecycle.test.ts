import { FREE_PROJECT_LIMIT, LIFECYCLE_MESSAGES } from '@basin/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import * as projects from '../src/store/projects.ts';
import { query, startTestPlatform, statusOf, waitForStatus } from './harness.ts';
import { answers, fingerprint, organization, pause, projectWithRows, type Org } from './lifecycle-helpers.ts';
import { storedFiles } from './stored-files.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

const startedAt = async (connectionString: string) =>
  (await query(connectionString, 'select pg_postmaster_start_time()::text as t')).rows[0].t;
const sharedBuffers = async (connectionString: string) => (await query(connectionString, 'show shared_buffers')).rows[0].shared_buffers;

describe('restart, resize and restore', () => {
  let platform: TestPlatform;
  let org: Org;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
  });
  afterAll(() => platform?.destroy());

  it('restarts the instance for real: RESTARTING, then healthy with every row', async () => {
    const project = await projectWithRows(org);
    const before = await fingerprint(project.connectionString);
    const firstStart = await startedAt(project.connectionString);
    const restart = (client = org.owner) => client.post(`/api/platform/projects/${project.ref}/restart`);

    expect(await restart(org.developer)).toEqual({ status: 403, body: { message: LIFECYCLE_MESSAGES.restartForbidden } });
    expect(await restart()).toMatchObject({ status: 202, body: { ref: project.ref, status: 'RESTARTING' } });
    expect((await restart()).status).toBe(409);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');

    expect(await startedAt(project.connectionString)).not.toBe(firstStart);
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.status_message).toBeNull();
  });

  it('resizes: RESIZING, then the instance runs with the new size’s settings and every row', async () => {
    const project = await projectWithRows(org);
    const before = await fingerprint(project.connectionString);
    const resize = (compute: string, client = org.owner) => client.post(`/api/platform/projects/${project.ref}/resize`, { compute });
    expect(await sharedBuffers(project.connectionString)).toBe('32MB');

    expect(await resize('ci_huge')).toEqual({ status: 400, body: { message: LIFECYCLE_MESSAGES.unknownComputeSize('ci_huge') } });
    expect(await resize('ci_small', org.developer)).toEqual({ status: 403, body: { message: LIFECYCLE_MESSAGES.resizeForbidden } });
    expect(await statusOf(org.owner, project.ref)).toBe('ACTIVE_HEALTHY');

    expect(await resize('ci_small')).toMatchObject({ status: 202, body: { status: 'RESIZING', infra_compute_size: 'small' } });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect(await sharedBuffers(project.connectionString)).toBe('64MB');
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.infra_compute_size).toBe('small');
  });

  it('restores a paused project: RESTORING, then healthy with every row and stored file and no longer paused', async () => {
    const project = await projectWithRows(org);
    const before = await fingerprint(project.connectionString);
    const files = storedFiles(org.owner, project.ref);
    await files.createBucket('docs');
    await files.upload('docs', 'kept/through the pause.txt', 'still here', 'text/plain');
    const restore = (client = org.owner, body = {}) => client.post(`/api/platform/projects/${project.ref}/restore`, body);
    expect(await restore()).toEqual({ status: 409, body: { message: LIFECYCLE_MESSAGES.notPaused('ACTIVE_HEALTHY') } });

    await pause(org, project.ref);
    expect(await answers(project.connectionString)).toBe(false);
    expect(
      (await org.owner.get(`/api/platform/projects/${project.ref}/restore/versions`)).body.available_versions.map(
        (v: { postgres_engine: string }) => v.postgres_engine,
      ),
    ).toEqual(['17']);
    expect(await restore(org.developer)).toEqual({
      status: 403,
      body: { message: 'You do not have the required permissions to restore this project' },
    });
    expect((await restore(org.owner, { postgres_engine: '16', release_channel: 'ga' })).body.message).toBe(
      LIFECYCLE_MESSAGES.upgradeTargetUnknown('16'),
    );
    expect(await statusOf(org.owner, project.ref)).toBe('INACTIVE');

    expect(await restore()).toMatchObject({ status: 202, body: { ref: project.ref, status: 'RESTORING' } });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect(String(await files.download('docs', 'kept/through the pause.txt'))).toBe('still here');
    const { rows } = await platform.ctx.db.query('select paused_at from projects where ref = $1', [project.ref]);
    expect(rows[0].paused_at).toBeNull();
  });

  it('restores a paused Postgres 15 project onto 17: the data moves, with progress recorded like an upgrade', async () => {
    const project = await projectWithRows(org, '15');
    const before = await fingerprint(project.connectionString);
    await pause(org, project.ref);
    const versions = (await org.owner.get(`/api/platform/projects/${project.ref}/restore/versions`)).body.available_versions;
    expect(versions.map((v: { postgres_engine: string }) => v.postgres_engine)).toEqual(['17', '15']);

    const restore = await org.owner.post(`/api/platform/projects/${project.ref}/restore`, { postgres_engine: '17', release_channel: 'ga' });
    expect(restore).toMatchObject({ status: 202, body: { status: 'RESTORING' } });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');

    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.dbVersion).toMatch(/^supabase-postgres-17\./);
    expect((await query(project.connectionString, 'show server_version')).rows[0].server_version).toMatch(/^17\./);
    expect(await fingerprint(project.connectionString)).toEqual(before);
    expect(await fingerprint(project.connectionStringReadOnly)).toEqual(before);
    expect((await org.owner.get(`/api/v1/projects/${project.ref}/upgrade/status`)).body.databaseUpgradeStatus).toMatchObject({
      status: 'Upgraded',
      progress: '9_completed_upgrade',
      target_version: '17',
      error: null,
    });
  });
});

describe('free project limit', () => {
  let platform: TestPlatform;
  afterAll(() => platform?.destroy());

  it(`lists Owners at ${FREE_PROJECT_LIMIT} active free projects and refuses a restore until one is paused`, async () => {
    platform = await startTestPlatform();
    const org = await organization(platform.url, 'free');
    const limitReached = () => org.developer.get(`/api/platform/organizations/${org.slug}/members/reached-free-project-limit`);
    const [first, second] = [await projectWithRows(org, '17', 10), await projectWithRows(org, '17', 10)];
    await pause(org, second.ref);
    expect((await limitReached()).body).toEqual([]);

    const third = await projectWithRows(org, '17', 10);
    const [member] = (await limitReached()).body;
    // Two active (first, third), one paused (second): the Owner is at the limit; the Developer is not counted.
    expect(member).toMatchObject({ free_project_limit: FREE_PROJECT_LIMIT, primary_email: expect.stringContaining('owner') });
    const refused = await org.owner.post(`/api/platform/projects/${second.ref}/restore`, {});
    expect(refused).toEqual({
      status: 400,
      body: { message: LIFECYCLE_MESSAGES.freeProjectLimitReached(FREE_PROJECT_LIMIT, [member.username]) },
    });
    expect(await statusOf(org.owner, second.ref)).toBe('INACTIVE');

    await pause(org, first.ref);
    expect((await limitReached()).body).toEqual([]);
    expect((await org.owner.post(`/api/platform/projects/${second.ref}/restore`, {})).status).toBe(202);
    await waitForStatus(org.owner, second.ref, 'ACTIVE_HEALTHY');
    expect(await fingerprint(second.connectionString)).toMatchObject({ rows: 10 });
    expect(await answers(third.connectionString)).toBe(true);
  });
});

describe('failures leave the data intact', () => {
  let platform: TestPlatform;
  let org: Org;
  beforeAll(async () => {
    platform = await startTestPlatform({ faults: ['resize:start', 'restore:start'] });
    org = await organization(platform.url);
  });
  afterAll(() => platform?.destroy());

  it('a resize that cannot start goes back to the previous size and says so', async () => {
    const project = await projectWithRows(org);
    const before = await fingerprint(project.connectionString);
    await org.owner.post(`/api/platform/projects/${project.ref}/resize`, { compute: 'ci_medium' });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const after = (await org.owner.get(`/api/platform/projects/${project.ref}`)).body;
    expect(after.infra_compute_size).toBe('micro');
    expect(after.status_message).toBe(
      LIFECYCLE_MESSAGES.resizeRolledBack('ci_medium', 'ci_micro', 'Injected fault: resize failed at start'),
    );
    expect(await sharedBuffers(project.connectionString)).toBe('32MB');
    expect(await fingerprint(project.connectionString)).toEqual(before);
  });

  it('a restore that fails leaves the project RESTORE_FAILED, stopped, with its data', async () => {
    const project = await projectWithRows(org);
    const before = await fingerprint(project.connectionString);
    await pause(org, project.ref);
    await org.owner.post(`/api/platform/projects/${project.ref}/restore`, {});
    await waitForStatus(org.owner, project.ref, 'RESTORE_FAILED');
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.status_message).toBe(
      LIFECYCLE_MESSAGES.restoreFailed('Injected fault: restore failed at start'),
    );
    expect(await answers(project.connectionString)).toBe(false);

    // The data is intact: start the instance behind the platform's back, read, stop it again.
    const row = (await projects.findByRef(platform.ctx.db, project.ref))!;
    expect(existsSync(path.join(platform.dataDir, 'projects', project.ref, 'PG_VERSION'))).toBe(true);
    await platform.ctx.driver.start(instanceSpec(row, platform.ctx.box));
    expect(await fingerprint(project.connectionString)).toEqual(before);
    await platform.ctx.driver.stop(project.ref);
  });
});
