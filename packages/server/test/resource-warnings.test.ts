import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdmin } from '../src/instances/admin-session.ts';
import { instanceSpec } from '../src/services/project-instance.ts';
import * as projects from '../src/store/projects.ts';
import { setStoredDisk } from './disk-helpers.ts';
import { query, startTestPlatform } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
const GB = 1024 ** 3;

describe('resource warnings', () => {
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
  const usedBytes = async () => {
    const row = (await projects.findByRef(platform.ctx.db, project.ref))!;
    return withAdmin(instanceSpec(row, platform.ctx.box), 10_000, async (client) =>
      Number((await client.query('select sum(pg_database_size(oid)) as used from pg_database')).rows[0].used),
    );
  };

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
        },
      ],
    });
    const bySlug = await org.owner.get(`/api/platform/projects-resource-warnings?slug=${org.slug}`);
    expect(bySlug.body.map((w: { project: string }) => w.project)).toEqual([project.ref]);
    expect((await org.owner.get('/api/platform/projects-resource-warnings')).status).toBe(400);
  });

  it('warns above 80% of the disk size', async () => {
    await setStoredDisk(platform.ctx.db, project.ref, (await usedBytes()) / 0.88 / GB);
    expect((await warnings()).body[0]).toMatchObject({ disk_space: 'warning', is_readonly_mode_enabled: false });
    await insertNote();
  });

  it('turns the instance read-only above 95%, and lifts it when the disk grows', async () => {
    await setStoredDisk(platform.ctx.db, project.ref, 0.001);
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
