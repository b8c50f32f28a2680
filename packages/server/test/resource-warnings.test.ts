import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authEmailSends from '../src/store/auth-email-sends.ts';
import * as projects from '../src/store/projects.ts';
import * as samples from '../src/store/resource-samples.ts';
import { databaseBytes, setStoredDisk } from './disk-helpers.ts';
import { query, startTestPlatform, waitFor } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('resource warnings before the first sample', () => {
  let platform: TestPlatform;
  let org: Org;
  let project: ProjectWithRows;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    project = await projectWithRows(org, '17', 10);
  });
  afterAll(() => platform?.destroy());

  const warnings = () => org.owner.get(`/api/platform/projects-resource-warnings?ref=${project.ref}`);
  const insertNote = () => query(project.connectionString, `insert into notes (body) values ('more')`);

  it('reports nothing while the disk has room', async () => {
    expect(await warnings()).toEqual({
      status: 200,
      body: [
        {
          project: project.ref,
          is_readonly_mode_enabled: false,
          disk_space: null,
          disk_io: null,
          cpu: null,
          memory: null,
          auth_email_rate_limit: null,
          disk_autoscale_blocked: null,
        },
      ],
    });
    const bySlug = await org.owner.get(`/api/platform/projects-resource-warnings?slug=${org.slug}`);
    expect(bySlug.body.map((w: { project: string }) => w.project)).toEqual([project.ref]);
    expect((await org.owner.get('/api/platform/projects-resource-warnings')).status).toBe(400);
  });

  it('warns above 80% of the disk size', async () => {
    await setStoredDisk(platform.ctx.db, project.ref, (await databaseBytes(platform.ctx, project.ref)) / 0.88 / GB);
    expect((await warnings()).body[0]).toMatchObject({ disk_space: 'warning', is_readonly_mode_enabled: false });
    await insertNote();
  });

  it('turns the instance read-only above 95% when the disk cannot grow, and lifts it when the disk grows', async () => {
    // Changed a moment ago: autoscaling waits for the cooldown, and read-only mode is what is left.
    await setStoredDisk(platform.ctx.db, project.ref, 0.001, new Date());
    expect((await warnings()).body[0]).toMatchObject({ disk_space: 'critical', is_readonly_mode_enabled: true });
    await expect(insertNote()).rejects.toThrow(/read-only transaction/);

    await setStoredDisk(platform.ctx.db, project.ref, 8, new Date(Date.now() - 7 * 3600 * 1000));
    const grown = await org.owner.post(`/api/platform/projects/${project.ref}/disk`, {
      attributes: { type: 'gp3', size_gb: 16, iops: 3000, throughput_mbps: 125 },
    });
    expect(grown.status).toBe(200);
    await insertNote();
    expect((await warnings()).body[0]).toMatchObject({ disk_space: null, is_readonly_mode_enabled: false });
  });
});

describe('resource warnings from the sampler', () => {
  let platform: TestPlatform;
  let org: Org;
  let project: ProjectWithRows;
  let projectId: number;
  beforeAll(async () => {
    platform = await startTestPlatform({ resourceSampleIntervalMs: 200 });
    org = await organization(platform.url);
    project = await projectWithRows(org, '17', 10);
    projectId = (await projects.findByRef(platform.ctx.db, project.ref))!.id;
  });
  afterAll(() => platform?.destroy());

  const warning = async () => (await org.owner.get(`/api/platform/projects-resource-warnings?ref=${project.ref}`)).body[0];
  /** The first sample that read the instance after this call. */
  const nextSample = async () => {
    const after = Date.now();
    return waitFor(
      () => samples.find(platform.ctx.db, projectId),
      (sample) => sample !== undefined && sample.sampled_at.getTime() > after,
    ) as Promise<samples.ResourceSample>;
  };
  const insertNote = () => query(project.connectionString, `insert into notes (body) values ('more')`);
  /** About 10 MB of rows no compression shrinks. */
  const fill = () =>
    query(project.connectionString, 'create table filler as select repeat(md5(i::text), 30) as body from generate_series(1, 10000) i');

  it('measures CPU, memory and disk I/O of the instance’s processes', async () => {
    const first = await waitFor(
      () => samples.find(platform.ctx.db, projectId),
      (sample) => sample?.cpu_percent != null,
    );
    expect(first!.memory_percent).toBeGreaterThan(0);
    expect(first!.disk_io_percent).not.toBeNull();

    await query(project.connectionString, 'select sum(i) from generate_series(1, 10000000) i');
    await fill();
    const later = await nextSample();
    expect(later.instance).toBe(first!.instance);
    expect(later.cpu_seconds! - first!.cpu_seconds!).toBeGreaterThan(0.2);
    expect(later.io_bytes! - first!.io_bytes!).toBeGreaterThan(5 * MB);
    await query(project.connectionString, 'drop table filler');
  });

  it('warns once the auth emails of the last hour reach the project’s limit', async () => {
    const limit = (await org.owner.get(`/api/platform/auth/${project.ref}/config`)).body.RATE_LIMIT_EMAIL_SENT;
    for (let i = 0; i < limit; i++) await authEmailSends.record(platform.ctx.db, project.ref);
    await nextSample();
    expect(await warning()).toMatchObject({ auth_email_rate_limit: 'warning', is_readonly_mode_enabled: false });
    await platform.ctx.db.query('delete from auth_email_sends where project_ref = $1', [project.ref]);
    await nextSample();
    expect(await warning()).toMatchObject({ auth_email_rate_limit: null });
  });

  it('switches a filled disk that cannot grow read-only; a member writes again in a read-write transaction to free space', async () => {
    // In the cooldown of a change (as after a growth), so it stays this size.
    await setStoredDisk(platform.ctx.db, project.ref, (await databaseBytes(platform.ctx, project.ref)) / 0.9 / GB, new Date());
    await fill();
    // The read-only switch and the warning's level can come from two samples: wait for both.
    await waitFor(warning, (w) => Boolean(w?.is_readonly_mode_enabled) && w.disk_space === 'critical');
    await expect(insertNote()).rejects.toThrow(/read-only transaction/);
    const refused = await org.owner.post(`/api/platform/pg-meta/${project.ref}/query`, { query: `insert into notes (body) values ('x')` });
    expect(refused).toMatchObject({ status: 400, body: { code: '25006' } });

    const freed = await org.owner.post(`/api/platform/pg-meta/${project.ref}/query`, {
      query: 'begin read write; drop table filler; commit;',
    });
    expect(freed.status).toBe(200);
    await waitFor(warning, (w) => w !== undefined && !w.is_readonly_mode_enabled);
    await insertNote();
  });

  it('lets a member lift read-only mode for their own session', async () => {
    await fill();
    await waitFor(warning, (w) => Boolean(w?.is_readonly_mode_enabled));
    const client = new pg.Client({ connectionString: project.connectionString });
    await client.connect();
    try {
      await expect(client.query('truncate filler')).rejects.toThrow(/read-only transaction/);
      await client.query('set default_transaction_read_only = off');
      await client.query('truncate filler');
    } finally {
      await client.end();
    }
    // As above: the switch back and the level may come from two samples.
    await waitFor(warning, (w) => w !== undefined && !w.is_readonly_mode_enabled && w.disk_space === 'warning');
    await insertNote();
  });
});
