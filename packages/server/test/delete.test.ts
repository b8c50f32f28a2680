import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueProjectJob } from '../src/kernel/project-jobs.ts';
import { takeBackup } from '../src/services/backups/backups.ts';
import { newDatabasePassword, newProjectRef } from '../src/kernel/secrets.ts';
import * as store from '../src/store/projects.ts';
import { ChildPlatform } from './child-platform.ts';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
const members = new Map<'Developer' | 'Read-only' | 'outsider', ApiClient>();
let slug: string;

const projectDir = (dataDir: string, ref: string) => path.join(dataDir, 'projects', ref);

async function postmasterPid(dataDir: string, ref: string): Promise<number> {
  return Number((await readFile(path.join(projectDir(dataDir, ref), 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Running, not a zombie: a postmaster orphaned by a killed platform may wait for a reaper. */
async function isAlive(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** A healthy project, as GET /platform/projects/{ref} answers it. */
async function healthyProjectDetails(client: ApiClient, orgSlug: string, name: string) {
  const ref = await healthyProject(client, orgSlug, name);
  return (await client.get(`/api/platform/projects/${ref}`)).body as { ref: string; name: string; connectionString: string };
}

/** A branch row as a branching request leaves it: COMING_UP, its instance not made yet. */
async function comingUpBranchOf(parentRef: string) {
  const parent = (await store.findByRef(platform.ctx.db, parentRef))!;
  const ref = newProjectRef();
  await store.insert(platform.ctx.db, {
    ref,
    organization_id: parent.organization_id,
    name: 'preview',
    status: 'COMING_UP',
    region: parent.region,
    postgres_major: parent.postgres_major,
    server_version: parent.server_version,
    compute_size: parent.compute_size,
    port: await getPort({ host: '127.0.0.1', exclude: await store.usedPorts(platform.ctx.db) }),
    db_password: platform.ctx.box.seal(newDatabasePassword()),
    readonly_password: platform.ctx.box.seal(newDatabasePassword()),
  });
  await platform.ctx.db.query('update projects set parent_project_ref = $2 where ref = $1', [ref, parentRef]);
  return ref;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Deletes' })).body.slug;
  for (const role of ['Developer', 'Read-only'] as const) {
    const client = await signUpMember(owner, slug, role, role.toLowerCase());
    members.set(role, client);
  }
  const outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  members.set('outsider', outsider);
});
afterAll(() => platform?.destroy());

describe('DELETE /platform/projects/{ref}', () => {
  it('refuses Developer and Read-only members (403) and outsiders (404), changing nothing', async () => {
    const project = await healthyProjectDetails(owner, slug, 'Kept');
    await query(project.connectionString, "create table notes (body text); insert into notes values ('kept')");

    for (const role of ['Developer', 'Read-only'] as const) {
      const answer = await members.get(role)!.delete(`/api/platform/projects/${project.ref}`);
      expect(answer).toEqual({ status: 403, body: { message: 'You need additional permissions to delete this project' } });
    }
    expect((await members.get('outsider')!.delete(`/api/platform/projects/${project.ref}`)).status).toBe(404);
    expect((await owner.delete('/api/platform/projects/not-a-ref')).status).toBe(400);

    expect((await owner.get(`/api/platform/projects/${project.ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');
    expect((await query(project.connectionString, 'select body from notes')).rows).toEqual([{ body: 'kept' }]);
  });

  it('removes the instance, its data, its backups and its branches, then the project is gone', async () => {
    const project = await healthyProjectDetails(owner, slug, 'Doomed');
    await query(project.connectionString, "create table notes (body text); insert into notes values ('gone soon')");
    const backup = await takeBackup(platform.ctx, (await store.findByRef(platform.ctx.db, project.ref))!, 'scheduled');
    const backupFile = path.join(platform.dataDir, 'backups', project.ref, `${backup.id}.tar.gz`);
    expect(existsSync(backupFile)).toBe(true);

    // A branch still being made blocks the delete: its create job would undo GOING_DOWN.
    const branch = await comingUpBranchOf(project.ref);
    const blocked = await owner.delete(`/api/platform/projects/${project.ref}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain(`${branch} is busy (COMING_UP)`);
    expect((await owner.get(`/api/platform/projects/${project.ref}/status`)).body.status).toBe('ACTIVE_HEALTHY');

    await enqueueProjectJob(platform.ctx, 'project-create', { ref: branch });
    await waitFor(
      () => store.findByRef(platform.ctx.db, branch),
      (row) => row?.status === 'ACTIVE_HEALTHY',
    );
    const pids = [await postmasterPid(platform.dataDir, project.ref), await postmasterPid(platform.dataDir, branch)];
    expect(await Promise.all(pids.map(isAlive))).toEqual([true, true]);

    const answer = await owner.delete(`/api/platform/projects/${project.ref}`);
    expect(answer).toEqual({ status: 200, body: { ref: project.ref, name: 'Doomed' } });

    await waitFor(
      () => owner.get(`/api/platform/projects/${project.ref}`),
      (a) => a.status === 404,
      60_000,
    );
    await waitFor(
      async () => (await Promise.all(pids.map(isAlive))).some(Boolean),
      (alive) => !alive,
      20_000,
    );
    for (const ref of [project.ref, branch]) {
      expect(existsSync(projectDir(platform.dataDir, ref))).toBe(false);
      expect(await store.findByRef(platform.ctx.db, ref)).toBeUndefined();
    }
    expect(existsSync(path.join(platform.dataDir, 'backups', project.ref))).toBe(false);
    expect((await platform.ctx.db.query('select id from backups where project_ref = $1', [project.ref])).rowCount).toBe(0);
    await expect(query(project.connectionString, 'select 1')).rejects.toThrow();
    const listed = (await owner.get(`/api/platform/organizations/${slug}/projects`)).body.map((p: { ref: string }) => p.ref);
    expect(listed).not.toContain(project.ref);
    expect(listed).not.toContain(branch);
  });
});

describe('deleting across a platform crash', () => {
  const dirs: string[] = [];
  const running: ChildPlatform[] = [];
  afterAll(async () => {
    for (const child of running) await child.interrupt();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('a platform SIGKILLed while a project is GOING_DOWN finishes the delete after it starts again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-delete-'));
    dirs.push(dataDir);
    // The injected fault stops every attempt before the instance is removed: the crash finds it GOING_DOWN.
    const first = await ChildPlatform.start(dataDir, undefined, { BASIN_FAULTS: 'delete:instance' });
    running.push(first);
    const client = new ApiClient(first.url);
    await client.signUp(uniqueEmail('crash'));
    const orgSlug = (await client.post('/api/platform/organizations', { name: 'Crashes' })).body.slug;
    const project = await healthyProjectDetails(client, orgSlug, 'Interrupted');
    const pid = await postmasterPid(dataDir, project.ref);

    expect((await client.delete(`/api/platform/projects/${project.ref}`)).status).toBe(200);
    const stuck = await waitFor(
      () => client.get(`/api/platform/projects/${project.ref}`),
      (a) => a.body.status_message !== null,
      60_000,
    );
    expect(stuck.body.status).toBe('GOING_DOWN');
    expect(stuck.body.status_message).toContain('Injected fault: delete failed at instance');
    expect(await client.delete(`/api/platform/projects/${project.ref}`)).toEqual({
      status: 409,
      body: { message: 'This project is already being deleted' },
    });

    await first.kill();
    expect(await isAlive(pid)).toBe(true); // the instance outlives the platform process

    const second = await ChildPlatform.start(dataDir, Number(new URL(first.url).port));
    running.push(second);
    const again = new ApiClient(second.url);
    again.cookie = client.cookie;
    await waitFor(
      () => again.get(`/api/platform/projects/${project.ref}`),
      (a) => a.status === 404,
      60_000,
    );
    await waitFor(
      () => isAlive(pid),
      (alive) => !alive,
      20_000,
    );
    expect(existsSync(projectDir(dataDir, project.ref))).toBe(false);
  });
});
