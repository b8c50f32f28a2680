import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization, type Org } from './lifecycle-helpers.ts';
import { ApiClient, createProject, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let readonly: ApiClient;
let ref: string;
const path = (rest = '') => `/api/platform/projects/${ref}/snippets${rest}`;

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url, 'free');
  readonly = await signUpMember(org.owner, org.slug, 'Read-only', 'readonly');
  ref = await createProject(org.owner, org.slug, 'Snippets');
  // Snippets live in the platform's store: the instance need not be up, only the project row.
  await waitFor(
    () => org.owner.get(`/api/platform/projects/${ref}`),
    (a) => a.status === 200,
  );
});
afterAll(() => platform?.destroy());

describe('snippets', () => {
  it('creates, lists, reads, renames, edits and deletes a member’s snippet', async () => {
    const created = await org.developer.post(path(), { name: '  Top notes ', sql: 'select 1' });
    expect(created.status).toBe(201);
    const project = (await org.developer.get(`/api/platform/projects/${ref}`)).body;
    expect(created.body).toMatchObject({ name: 'Top notes', sql: 'select 1', project_id: project.id, project_ref: ref });
    const id: string = created.body.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const untitled = await org.developer.post(path(), {});
    expect(untitled.body).toMatchObject({ name: 'Untitled query', sql: '' });

    const renamed = await org.developer.patch(path(`/${id}`), { name: 'Renamed' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', sql: 'select 1' });
    const edited = await org.developer.patch(path(`/${id}`), { sql: 'select 2' });
    expect(edited.body).toMatchObject({ name: 'Renamed', sql: 'select 2' });
    expect(edited.body.updated_at >= created.body.updated_at).toBe(true);

    const list = await org.developer.get(path());
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([id, untitled.body.id]); // last changed first
    expect((await org.developer.get(path(`/${id}`))).body.sql).toBe('select 2');

    expect((await org.developer.delete(path(`/${id}`))).body.id).toBe(id);
    expect((await org.developer.get(path(`/${id}`))).status).toBe(404);
    expect((await org.developer.get(path())).body).toHaveLength(1);
  });

  it('keeps each member’s snippets private, the Owner’s included', async () => {
    const mine = (await org.owner.post(path(), { name: 'Owner only', sql: 'select 3' })).body;
    expect((await org.developer.get(path())).body.some((s: { id: string }) => s.id === mine.id)).toBe(false);
    expect((await org.developer.get(path(`/${mine.id}`))).status).toBe(404);
    expect((await org.developer.patch(path(`/${mine.id}`), { name: 'Taken' })).status).toBe(404);
    expect((await org.developer.delete(path(`/${mine.id}`))).status).toBe(404);
    expect((await org.owner.get(path(`/${mine.id}`))).body.name).toBe('Owner only');
  });

  it('lets a Read-only member list but not save (403 with the spec’s message)', async () => {
    expect(await readonly.post(path(), { name: 'Nope' })).toEqual({
      status: 403,
      body: { message: 'Your queries will not be saved as you do not have sufficient permissions' },
    });
    expect(await readonly.get(path())).toEqual({ status: 200, body: [] });
  });

  it('answers 404 to non-members, 401 without a session and 400 to bad input, changing nothing', async () => {
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await outsider.get(path())).status).toBe(404);
    expect((await outsider.post(path(), { name: 'x' })).status).toBe(404);
    expect((await new ApiClient(platform.url).get(path())).status).toBe(401);
    const before = (await org.developer.get(path())).body;
    expect((await org.developer.post(path(), { name: '   ' })).body).toEqual({ message: 'Name is required' });
    expect((await org.developer.patch(path(`/${before[0].id}`), {})).status).toBe(400);
    expect((await org.developer.get(path('/not-a-uuid'))).status).toBe(400);
    expect((await org.developer.get(path())).body).toEqual(before);
  });

  it('goes with its project', async () => {
    await platform.ctx.db.query('delete from projects where ref = $1', [ref]);
    expect((await platform.ctx.db.query('select count(*)::int as n from snippets where project_ref = $1', [ref])).rows[0].n).toBe(0);
  });
});
