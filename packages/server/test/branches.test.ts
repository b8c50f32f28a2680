import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentsOf, fillParent, onDatabase, schemaOf } from './branch-fixture.ts';
import { ApiClient, query, startTestPlatform, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';
import { fingerprint, organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let parent: ProjectWithRows;
let parent15: ProjectWithRows;
const readOnly = new ApiClient('');
const outsider = new ApiClient('');

const branchesOf = (client: ApiClient, ref: string) => client.get(`/api/v1/projects/${ref}/branches`);
const createBranch = (client: ApiClient, ref: string, body: object) => client.post(`/api/v1/projects/${ref}/branches`, body);
/** docs/notes.txt of a project's storage, read or (over)written through the dashboard's route. */
const storageFile = (ref: string, method: 'GET' | 'PUT', body?: string) =>
  fetch(`${org.owner.baseUrl}/api/platform/storage/${ref}/buckets/docs/objects/notes.txt`, {
    method,
    body,
    headers: {
      cookie: org.owner.cookie,
      origin: org.owner.baseUrl,
      'content-type': 'text/plain',
      ...(method === 'PUT' ? { 'x-upsert': 'true' } : {}),
    },
  });

/** Creates the branch and waits until it is healthy; answers its connection string. */
async function healthyBranch(body: object, parentRef = parent.ref): Promise<{ ref: string; connectionString: string }> {
  const created = await createBranch(org.owner, parentRef, body);
  expect(created.status).toBe(201);
  const ref: string = created.body.project_ref;
  await waitForStatus(org.owner, ref, 'ACTIVE_HEALTHY');
  return { ref, connectionString: (await org.owner.get(`/api/platform/projects/${ref}`)).body.connectionString };
}

/** The parent's schema, with no row anywhere, sequences at their start, nothing sampled from the rows. */
async function expectSchemaOnly(branch: string, parent: string): Promise<void> {
  expect(await schemaOf(branch)).toEqual(await schemaOf(parent));
  const { rows, ...rest } = await contentsOf(branch);
  expect(Object.keys(rows)).toEqual(Object.keys((await contentsOf(parent)).rows));
  expect(Object.values(rows).every((count) => count === 0)).toBe(true);
  expect(rest).toEqual({ largeObjects: 0, usedSequences: [], populatedViews: [], statistics: 0 });
  // The branch's own: a new row takes the first id.
  expect((await query(branch, "insert into notes (body) values ('fresh') returning id")).rows).toEqual([{ id: 1 }]);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url);
  Object.assign(readOnly, await signUpMember(org.owner, org.slug, 'Read-only', 'Read-only'));
  Object.assign(outsider, new ApiClient(platform.url));
  await outsider.signUp(uniqueEmail('outsider'));
  parent = await projectWithRows(org, '17', 500);
  parent15 = await projectWithRows(org, '15', 50);
  for (const project of [parent, parent15]) await fillParent(project.connectionString);
}, 180_000);
afterAll(() => platform?.destroy());

describe('preview branches', () => {
  it('copies the data with data, and the copy is independent of the parent', async () => {
    expect((await org.owner.post(`/api/platform/storage/${parent.ref}/buckets`, { name: 'docs' })).status).toBe(201);
    expect((await storageFile(parent.ref, 'PUT', 'a file of the parent')).status).toBe(200);
    // A 20 GB parent on the default compute size: its branch runs on small, as the dialog estimates.
    const disk = { type: 'gp3', size_gb: 20, iops: 3000, throughput_mbps: 125 };
    expect((await org.owner.post(`/api/platform/projects/${parent.ref}/disk`, { attributes: disk })).status).toBe(200);
    const before = await fingerprint(parent.connectionString);
    const branch = await healthyBranch({ branch_name: 'with-data', with_data: true });
    expect((await org.owner.get(`/api/platform/projects/${branch.ref}`)).body.infra_compute_size).toBe('small');
    // Its stored files come along, and stay its own.
    expect(await (await storageFile(branch.ref, 'GET')).text()).toBe('a file of the parent');
    expect((await storageFile(branch.ref, 'PUT', 'changed on the branch')).status).toBe(200);
    expect(await (await storageFile(parent.ref, 'GET')).text()).toBe('a file of the parent');
    expect(await fingerprint(branch.connectionString)).toEqual(before);
    expect(await schemaOf(branch.connectionString)).toEqual(await schemaOf(parent.connectionString));
    // Autovacuum may analyze either side meanwhile: planner statistics are not compared.
    expect(await contentsOf(branch.connectionString)).toEqual({
      ...(await contentsOf(parent.connectionString)),
      statistics: expect.any(Number),
    });
    // Its own identity: the parent's password does not open the branch.
    const parentPassword = new URL(parent.connectionString).password;
    expect(new URL(branch.connectionString).password).not.toBe(parentPassword);
    await query(branch.connectionString, "insert into notes (body) values ('only on the branch')");
    expect(await fingerprint(parent.connectionString)).toEqual(before);
    expect((await fingerprint(branch.connectionString)).rows).toBe(before.rows + 1);

    const listed = (await branchesOf(org.owner, parent.ref)).body;
    expect(listed).toContainEqual(
      expect.objectContaining({
        name: 'with-data',
        is_default: false,
        git_branch: null,
        project_ref: branch.ref,
        status: 'ACTIVE_HEALTHY',
      }),
    );
    const project = (await org.owner.get(`/api/platform/projects/${branch.ref}`)).body;
    expect(project.parent_project_ref).toBe(parent.ref);
  }, 180_000);

  it('copies the schema only without data from a Postgres 15 parent, through pg_dump (camelCase payload)', async () => {
    const branch = await healthyBranch({ branchName: 'schema_only', withData: false, gitBranch: 'feature' }, parent15.ref);
    await expectSchemaOnly(branch.connectionString, parent15.connectionString);
    expect((await fingerprint(parent15.connectionString)).rows).toBe(50);
    const listed = (await branchesOf(org.owner, parent15.ref)).body;
    expect(listed).toContainEqual(expect.objectContaining({ name: 'schema_only', git_branch: 'feature' }));
  }, 180_000);

  it('copies the schema only without data from a Postgres 17 parent, newer than the pg_dump here', async () => {
    const branch = await healthyBranch({ branch_name: 'schema-only-17', with_data: false });
    await expectSchemaOnly(branch.connectionString, parent.connectionString);
    expect((await contentsOf(parent.connectionString)).rows['postgres public.books']).toBe(200);
  }, 180_000);

  it('empties databases closed to connections or read-only too; a branch of a parent in read-only mode is writable', async () => {
    await query(parent.connectionString, 'create database closed');
    await query(onDatabase(parent.connectionString, 'closed'), 'create table kept (n int); insert into kept values (1)');
    // The owner's to change, as the platform's read-only mode changes database postgres.
    await query(parent.connectionString, 'alter database closed set default_transaction_read_only = on');
    await query(parent.connectionString, 'alter database closed allow_connections false');
    await query(parent.connectionString, 'alter database postgres set default_transaction_read_only = on');
    let branch: { connectionString: string };
    try {
      branch = await healthyBranch({ branch_name: 'closed-read-only' });
    } finally {
      await query(parent.connectionString, 'begin read write; alter database postgres reset default_transaction_read_only; commit');
    }
    await query(branch.connectionString, 'alter database closed allow_connections true');
    expect((await query(onDatabase(branch.connectionString, 'closed'), 'select count(*)::int as n from kept')).rows).toEqual([{ n: 0 }]);
  }, 180_000);

  it('refuses bad names with the spec messages and changes nothing', async () => {
    const count = (await branchesOf(org.owner, parent.ref)).body.length;
    const cases: [string, string][] = [
      ['  ', 'Branch name cannot be empty'],
      ['feat/x', 'Branch name can only contain alphanumeric characters, hyphens, and underscores.'],
      ['with-data', 'A branch with this name already exists'],
    ];
    for (const [name, message] of cases) {
      expect(await createBranch(org.owner, parent.ref, { branch_name: name })).toEqual({ status: 400, body: { message } });
    }
    expect((await branchesOf(org.owner, parent.ref)).body.length).toBe(count);
  });

  it('needs the create preview branches permission: Read-only 403, outsiders 404', async () => {
    expect((await createBranch(readOnly, parent.ref, { branch_name: 'nope' })).status).toBe(403);
    expect((await createBranch(outsider, parent.ref, { branch_name: 'nope' })).status).toBe(404);
    expect((await branchesOf(outsider, parent.ref)).status).toBe(404);
    expect((await branchesOf(readOnly, parent.ref)).status).toBe(200);
    expect((await branchesOf(org.owner, parent.ref)).body.map((b: { name: string }) => b.name)).not.toContain('nope');
  });

  it('needs a paid plan', async () => {
    const free = await organization(platform.url, 'free');
    const project = await projectWithRows(free, '17', 1);
    expect(await createBranch(free.owner, project.ref, { branch_name: 'dev' })).toEqual({
      status: 400,
      body: { message: 'Branching is only available on paid plans' },
    });
    expect((await branchesOf(free.owner, project.ref)).body).toEqual([]);
  }, 120_000);

  it('deletes a branch alone, and the parent with its branches', async () => {
    const alone: string = (await branchesOf(org.owner, parent15.ref)).body[0].project_ref;
    expect((await org.owner.delete(`/api/platform/projects/${alone}`)).status).toBe(200);
    await waitFor(
      () => org.owner.get(`/api/platform/projects/${alone}`),
      (a) => a.status === 404,
      60_000,
    );
    expect((await branchesOf(org.owner, parent15.ref)).body).toEqual([]);
    expect((await fingerprint(parent15.connectionString)).rows).toBe(50);

    const remaining: string = (await branchesOf(org.owner, parent.ref)).body[0].project_ref;
    expect((await org.owner.delete(`/api/platform/projects/${parent.ref}`)).status).toBe(200);
    await waitFor(
      () => org.owner.get(`/api/platform/projects/${remaining}`),
      (a) => a.status === 404,
      60_000,
    );
    expect(existsSync(path.join(platform.dataDir, 'projects', remaining))).toBe(false);
  }, 120_000);
});
