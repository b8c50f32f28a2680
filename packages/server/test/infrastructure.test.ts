import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { organization, pause, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

describe('project infrastructure', () => {
  let platform: TestPlatform;
  let org: Org;
  let project: ProjectWithRows;
  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    project = await projectWithRows(org, '15', 10);
  });
  afterAll(() => platform?.destroy());

  const infrastructure = (client = org.owner) => client.get(`/api/platform/projects/${project.ref}/infrastructure`);
  const setting = async (name: string) => String(Object.values((await query(project.connectionString, `show ${name}`)).rows[0])[0]);

  it('answers what the running instance says about itself', async () => {
    const { status, body } = await infrastructure();
    expect(status).toBe(200);
    const installed15 = platform.ctx.driver.availableMajors().find(({ major }) => major === '15')!.version;
    expect(body).toMatchObject({
      running: true,
      postgres: {
        major: '15',
        server_version: await setting('server_version'),
        server_version_num: Number(await setting('server_version_num')),
        newest_installed: installed15,
        newer_minor_installed: false, // every instance starts on its major's installed binaries
        upgrade_target_major: '17',
        upgrade_blocker: null, // this machine has Debian's postgresql-client
      },
      network: {
        listen_addresses: '127.0.0.1',
        port: Number(new URL(project.connectionString).port),
        ssl: (await setting('ssl')) === 'on',
      },
      compute_size: 'micro',
      disk: { type: 'gp3', size_gb: 8 },
    });
    const { rows } = await query(project.connectionString, 'select sum(pg_database_size(oid))::float8 as used from pg_database');
    // Within a megabyte of what the databases take now (statistics files move a little between reads).
    expect(Math.abs(body.disk.used_bytes - rows[0].used)).toBeLessThan(1024 * 1024);
  });

  it('is for members only: a Developer reads it, an outsider gets 404', async () => {
    expect((await infrastructure(org.developer)).status).toBe(200);
    const stranger = new ApiClient(platform.url);
    await stranger.signUp(uniqueEmail('stranger'));
    expect(await infrastructure(stranger)).toEqual({ status: 404, body: { message: expect.any(String) } });
  });

  it('leaves what only the instance can tell empty while the project is paused', async () => {
    await pause(org, project.ref);
    const { status, body } = await infrastructure();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      running: false,
      postgres: { major: '15', server_version: null, server_version_num: null, newer_minor_installed: false, upgrade_target_major: '17' },
      network: { listen_addresses: null, port: null, ssl: null },
      disk: { size_gb: 8, used_bytes: null },
    });
  });
});
