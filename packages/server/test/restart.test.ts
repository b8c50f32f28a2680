import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChildPlatform } from './child-platform.ts';
import { ApiClient, createProject, query, uniqueEmail, waitFor, waitForStatus } from './harness.ts';

const running: ChildPlatform[] = [];
const dirs: string[] = [];

async function start(dataDir: string, port?: number) {
  const platform = await ChildPlatform.start(dataDir, port);
  running.push(platform);
  return platform;
}

async function freshDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basin-restart-'));
  dirs.push(dir);
  return dir;
}

async function setUp(platform: ChildPlatform) {
  const client = new ApiClient(platform.url);
  await client.signUp(uniqueEmail('restart'));
  const slug = (await client.post('/api/platform/organizations', { name: 'Restarts' })).body.slug as string;
  const create = () => createProject(client, slug, 'Durable');
  return { client, create };
}

const isHealthy = (client: ApiClient, ref: string) => waitForStatus(client, ref, 'ACTIVE_HEALTHY', 60_000);

afterEach(async () => {
  for (const platform of running.splice(0)) await platform.interrupt();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('platform restarts', () => {
  it('Ctrl+C stops every Postgres it started; the next start finds users, orgs, projects and data', async () => {
    const dataDir = await freshDataDir();
    const first = await start(dataDir);
    const { client, create } = await setUp(first);
    const ref = await create();
    await isHealthy(client, ref);
    const { connectionString } = (await client.get(`/api/platform/projects/${ref}`)).body;
    await query(connectionString, "create table notes (body text); insert into notes values ('kept')");

    expect(await first.interrupt()).toBe(0);
    expect(existsSync(path.join(dataDir, 'projects', ref, 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'platform', 'postmaster.pid'))).toBe(false);

    const second = await start(dataDir, Number(new URL(first.url).port));
    const again = new ApiClient(second.url);
    again.cookie = client.cookie;
    expect((await again.get(`/api/platform/projects/${ref}`)).body).toMatchObject({ name: 'Durable', status: 'ACTIVE_HEALTHY' });
    expect((await query(connectionString, 'select body from notes')).rows).toEqual([{ body: 'kept' }]);
  });

  it('a platform killed in the middle of a project creation converges after it starts again', async () => {
    const dataDir = await freshDataDir();
    const first = await start(dataDir);
    const { client, create } = await setUp(first);
    const ref = await create();
    // Kill it while initdb runs: the driver initialises into a staging directory beside the data dir.
    await waitFor(async () => existsSync(path.join(dataDir, 'projects', `.${ref}.initdb`)), Boolean, 30_000, 5);
    const statusAtKill = (await client.get(`/api/platform/projects/${ref}/status`)).body.status;
    await first.kill();
    expect(statusAtKill).toBe('COMING_UP');
    expect((await fetch(`${first.url}/api/health`).catch(() => null))?.ok ?? false).toBe(false);

    const second = await start(dataDir, Number(new URL(first.url).port));
    const again = new ApiClient(second.url);
    again.cookie = client.cookie;
    await isHealthy(again, ref);
    const { connectionString } = (await again.get(`/api/platform/projects/${ref}`)).body;
    expect((await query(connectionString, 'select 1 as ok')).rows[0].ok).toBe(1);
  });
});
