import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployFunction, startFunctionsProject, type FunctionsProject } from './functions-fixture.ts';
import { ApiClient, uniqueEmail, waitFor } from './harness.ts';

// GET /platform/projects/{ref}/functions/{slug}/activity: what the function details page shows.

let project: FunctionsProject;

beforeAll(async () => {
  project = await startFunctionsProject();
  const deployed = await deployFunction(
    project.owner,
    project.ref,
    'chatty',
    {
      'index.ts': `Deno.serve(async (req) => {\n  console.log('hello from ' + req.method)\n  console.error('and an error')\n  return new Response('ok', { status: 201 })\n})\n`,
    },
    { entrypoint_path: 'index.ts', verify_jwt: false, name: 'Chatty' },
  );
  expect(deployed.status).toBe(201);
}, 180_000);
afterAll(() => project?.platform.destroy());

const activityPath = (slug: string) => `/api/platform/projects/${project.ref}/functions/${slug}/activity`;

describe('function activity', () => {
  it('answers the newest invocations and console lines, newest first, with ISO times', async () => {
    expect((await project.owner.get(activityPath('chatty'))).body).toEqual({ invocations: [], logs: [] });
    const call = () => fetch(`${project.apiUrl}/functions/v1/chatty`, { method: 'PUT', body: 'x' });
    await waitFor(call, (response) => response.status === 201, 60_000, 250);
    expect((await call()).status).toBe(201);

    const { body } = await waitFor(
      () => project.owner.get(activityPath('chatty')),
      (answer: any) => answer.body.invocations.length >= 2 && answer.body.logs.filter((line: any) => line.event_type === 'Log').length >= 4,
      30_000,
      200,
    );
    const [newest, older] = body.invocations;
    expect(newest).toMatchObject({ method: 'PUT', path: '/chatty', status: 201, error_code: null, version: 1 });
    expect(typeof newest.execution_time_ms).toBe('number');
    expect(Date.parse(newest.timestamp)).toBeGreaterThanOrEqual(Date.parse(older.timestamp));
    expect(newest.timestamp).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const lines = body.logs.filter((line: any) => line.event_type === 'Log');
    expect(lines.map((line: any) => [line.level, line.event_message])).toContainEqual(['log', 'hello from PUT']);
    expect(lines.map((line: any) => line.level)).toContain('error');
  });

  it('answers 404 for a function that does not exist, and to non-members', async () => {
    expect((await project.owner.get(activityPath('missing'))).status).toBe(404);
    const stranger = new ApiClient(project.platform.url);
    await stranger.signUp(uniqueEmail('stranger'));
    expect((await stranger.get(activityPath('chatty'))).status).toBe(404);
  });
});
