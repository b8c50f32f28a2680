import { DATABASE_SETTINGS_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, startTestPlatform, uniqueEmail, waitForStatus } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';
import { signUpMember } from './membership.ts';

// Database → Settings → Reset database password, on a real instance.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let project: ProjectWithRows;
let admin: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;

const reset = (client: ApiClient, password: string) => client.patch(`/api/platform/projects/${project.ref}/db-password`, { password });

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url, 'free');
  admin = await signUpMember(org.owner, org.slug, 'Administrator', 'db-admin');
  reader = await signUpMember(org.owner, org.slug, 'Read-only', 'db-reader');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('db-outsider'));
  project = await projectWithRows(org, '17', 5);
}, 180_000);
afterAll(() => platform?.destroy());

describe('database password reset', () => {
  it('answers 404 to outsiders and 403 to members without projects:update, changing nothing', async () => {
    expect((await reset(outsider, 'an-outsider-password')).status).toBe(404);
    for (const client of [org.developer, reader]) {
      expect(await reset(client, 'a-developer-password')).toMatchObject({
        status: 403,
        body: { message: DATABASE_SETTINGS_MESSAGES.resetForbidden },
      });
    }
    expect((await query(project.connectionString, 'select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('refuses a password that is too short or holds spaces', async () => {
    expect(await reset(org.owner, 'short')).toMatchObject({ status: 400, body: { message: 'The password needs at least 12 characters' } });
    expect((await reset(org.owner, 'with some spaces')).status).toBe(400);
  });

  it('sets the new password on the instance and in every connection string; the old one stops working', async () => {
    const password = 'n3w:p@ss/word#?';
    const answer = await reset(admin, password);
    expect(answer.status).toBe(200);
    const encoded = encodeURIComponent(password);
    expect(answer.body.connectionString).toBe(project.connectionString.replace(/\/\/postgres:[^@]+@/, `//postgres:${encoded}@`));
    expect((await query(answer.body.connectionString, 'select count(*)::int as n from notes')).rows).toEqual([{ n: 5 }]);
    await expect(query(project.connectionString, 'select 1')).rejects.toThrow(/password authentication failed/);

    const shown = (await org.owner.get(`/api/platform/projects/${project.ref}`)).body;
    expect(shown.connectionString).toBe(answer.body.connectionString);
    expect(new URL(shown.connectionString).password).toBe(encoded);
    // The dashboard's own sessions as postgres follow: the SQL editor runs with it.
    const ran = await org.owner.post(`/api/platform/pg-meta/${project.ref}/query`, { query: 'select current_user as who' });
    expect(ran).toMatchObject({ status: 200, body: { rows: [['postgres']] } });
    // The read-only role's password is another one, unchanged.
    expect((await query(project.connectionStringReadOnly, 'select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('keeps the new password across a restart of the project', async () => {
    const password = 'after-restart-password-1';
    expect((await reset(org.owner, password)).status).toBe(200);
    expect((await org.owner.post(`/api/platform/projects/${project.ref}/restart`)).status).toBe(202);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    const shown = (await org.owner.get(`/api/platform/projects/${project.ref}`)).body;
    expect((await query(shown.connectionString, 'select current_user as who')).rows).toEqual([{ who: 'postgres' }]);
  });
});
