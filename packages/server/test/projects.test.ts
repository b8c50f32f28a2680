import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { ApiClient, query, startTestPlatform, uniqueEmail, waitFor, waitForStatus } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let slug: string;

const newProject = (body: Record<string, unknown> = {}) =>
  owner.post('/api/platform/projects', {
    name: 'Shop',
    organization_slug: slug,
    region: 'local',
    postgres_engine: '17',
    release_channel: 'ga',
    ...body,
  });

const healthy = (ref: string) => waitForStatus(owner, ref, 'ACTIVE_HEALTHY', 60_000);

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Projects' })).body.slug;
});
afterAll(() => platform?.destroy());

describe('projects', () => {
  it('offers the installed majors, newest first, as ga versions', async () => {
    const answer = await owner.post(`/api/platform/organizations/${slug}/available-versions`, { provider: 'local', region: 'local' });
    expect(answer.body.available_versions.map((v: { postgres_engine: string }) => v.postgres_engine)).toEqual(['17', '15']);
    for (const v of answer.body.available_versions) {
      expect(v.version).toMatch(new RegExp(`^supabase-postgres-${v.postgres_engine}\\.\\d+\\.\\d+$`));
      expect(v.release_channel).toBe('ga');
    }
    expect((await owner.post(`/api/platform/organizations/${slug}/available-versions`, { provider: 'local' })).status).toBe(400);
  });

  it('creates a project COMING_UP, a job makes a real instance, and it becomes ACTIVE_HEALTHY', async () => {
    const created = await newProject();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Shop',
      status: 'COMING_UP',
      cloud_provider: 'local',
      region: 'local',
      parent_project_ref: null,
      organization_slug: slug,
    });
    expect(created.body.ref).toMatch(/^[a-z]{20}$/);
    expect(created.body.restUrl).toContain(created.body.ref);
    await healthy(created.body.ref);

    const project = (await owner.get(`/api/platform/projects/${created.body.ref}`)).body;
    const version = await query(project.connectionString, 'show server_version');
    expect(version.rows[0].server_version).toMatch(/^17\./);
    await query(project.connectionString, 'create table orders (id int primary key); insert into orders values (1), (2)');

    const readOnly = await query(project.connectionStringReadOnly, 'select count(*)::int as n from orders');
    expect(readOnly.rows[0].n).toBe(2);
    await expect(query(project.connectionStringReadOnly, 'insert into orders values (3)')).rejects.toThrow(/read-only/);
    expect((await owner.get(`/api/platform/organizations/${slug}/projects`)).body.map((p: { ref: string }) => p.ref)).toContain(
      created.body.ref,
    );
  });

  it('creates a project on Postgres 15 when asked', async () => {
    const created = await newProject({ name: 'Legacy', postgres_engine: '15' });
    await healthy(created.body.ref);
    const project = (await owner.get(`/api/platform/projects/${created.body.ref}`)).body;
    expect(project.dbVersion).toMatch(/^supabase-postgres-15\./);
    expect((await query(project.connectionString, 'show server_version')).rows[0].server_version).toMatch(/^15\./);
  });

  it('never writes a database password to the metadata in clear text', async () => {
    const created = await newProject({ name: 'Secretive' });
    const password = new URL(created.body.connectionString).password;
    const { rows } = await platform.ctx.db.query('select db_password, readonly_password from projects where ref = $1', [created.body.ref]);
    expect(JSON.stringify(rows)).not.toContain(password);
    await healthy(created.body.ref);
  });

  it('rejects bad input with a clear message and creates nothing', async () => {
    const before = (await owner.get(`/api/platform/organizations/${slug}/projects`)).body.length;
    expect(await newProject({ postgres_engine: '9' })).toEqual({
      status: 400,
      body: { message: 'This Postgres version is not available' },
    });
    expect(await newProject({ name: '   ' })).toEqual({ status: 400, body: { message: 'Name is required' } });
    expect((await newProject({ region: 'mars-1' })).body.message).toBe('Choose a region from the list');
    expect((await newProject({ organization_slug: 'nobody-here' })).status).toBe(404);
    expect((await owner.get('/api/platform/projects/NOT-A-REF')).status).toBe(400);
    expect((await owner.get(`/api/platform/organizations/${slug}/projects`)).body.length).toBe(before);
  });

  it('renames a project', async () => {
    const created = await newProject({ name: 'Old name' });
    const renamed = await owner.patch(`/api/platform/projects/${created.body.ref}`, { name: 'New name' });
    expect(renamed.body.name).toBe('New name');
    expect((await owner.get(`/api/platform/projects/${created.body.ref}`)).body.name).toBe('New name');
    await healthy(created.body.ref);
  });

  it('notices a crashed instance and restarts it', async () => {
    const created = await newProject({ name: 'Crashy' });
    await healthy(created.body.ref);
    const pidFile = path.join(platform.dataDir, 'projects', created.body.ref, 'postmaster.pid');
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    await waitFor(
      async () => {
        try {
          return (await query(created.body.connectionString, 'select 1 as ok')).rows[0].ok;
        } catch {
          return 0;
        }
      },
      (ok) => ok === 1,
      30_000,
    );
    const newPid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    expect(newPid).not.toBe(pid);
  });

  it('leaves a failed creation INIT_FAILED with the reason and no half-made instance', async () => {
    const created = await newProject({ name: 'Doomed' });
    // Something else takes the project's port before its instance can start.
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(new URL(created.body.connectionString).port), '127.0.0.1', resolve));
    try {
      const failed = await waitFor(
        () => owner.get(`/api/platform/projects/${created.body.ref}`),
        (a) => a.body.status === 'INIT_FAILED',
        60_000,
      );
      expect(failed.body.status_message).toMatch(
        /^The project could not be started: Postgres .* could not bind .* Address already in use$/,
      );
      expect(existsSync(path.join(platform.dataDir, 'projects', created.body.ref))).toBe(false);
    } finally {
      squatter.close();
    }
  });

  it('hands members a connection string that owns the database but cannot run programs on the server', async () => {
    const created = await newProject({ name: 'Fenced' });
    await healthy(created.body.ref);
    const members = created.body.connectionString;
    expect(new URL(members).username).toBe('postgres');
    await query(members, "create table items (id serial primary key, name text); insert into items (name) values ('a')");
    await query(members, "update items set name = 'b'; create index on items (name)");
    expect((await query(members, 'select name from items')).rows).toEqual([{ name: 'b' }]);
    await expect(query(members, "copy (select 1) to program 'true'")).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/permission denied/),
    });
  });
});
