import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import * as store from '../src/store/projects.ts';
import { ApiClient, healthyProject, startTestPlatform, uniqueEmail } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let ref: string;

// The health checks would restart the stopped instance at once: keep them out of the way.
beforeAll(async () => {
  platform = await startTestPlatform({ healthCheckIntervalMs: 3_600_000 });
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Health' })).body.slug;
  ref = await healthyProject(owner, slug, 'Probed');
});
afterAll(() => platform?.destroy());

describe('GET /projects/{ref}/api/rest', () => {
  it('answers ONLINE while the instance answers, and the project says postgrestStatus ONLINE', async () => {
    expect(await owner.get(`/api/projects/${ref}/api/rest`)).toEqual({ status: 200, body: { status: 'ONLINE' } });
    expect((await owner.get(`/api/platform/projects/${ref}`)).body.postgrestStatus).toBe('ONLINE');
  });

  it('answers 503 OFFLINE once the instance is stopped, and ONLINE again after it starts', async () => {
    await platform.ctx.driver.stop(ref);
    expect(await owner.get(`/api/projects/${ref}/api/rest`)).toEqual({
      status: 503,
      body: { status: 'OFFLINE', message: "The project's database is not answering" },
    });
    await platform.ctx.driver.start(instanceSpec((await store.findByRef(platform.ctx.db, ref))!, platform.ctx.box));
    expect((await owner.get(`/api/projects/${ref}/api/rest`)).body).toEqual({ status: 'ONLINE' });
  });

  it('is for signed-in members only', async () => {
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await outsider.get(`/api/projects/${ref}/api/rest`)).status).toBe(404);
    expect((await new ApiClient(platform.url).get(`/api/projects/${ref}/api/rest`)).status).toBe(401);
    expect((await owner.get('/api/projects/not-a-ref/api/rest')).status).toBe(400);
  });
});
