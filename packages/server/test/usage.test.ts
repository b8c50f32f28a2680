import type { OrganizationUsage, ProjectUsage, UsageMetricId } from '@basin/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpUsage } from '../src/services/observability/usage-rollup.ts';
import { requestUsageSince } from '../src/store/usage-rollups.ts';
import { deployFunction } from './functions-fixture.ts';
import { ApiClient, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { organization, pause, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';
import { signUpMember } from './membership.ts';
import { storedFiles } from './stored-files.ts';

// The usage pages' figures moving with real activity: files uploaded, requests answered, functions
// invoked, users signing in, hours running; summed per organization; counts outliving the logs.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let readonly: ApiClient;
let outsider: ApiClient;
let project: ProjectWithRows;
let keys: { anon: string; service: string };
const GIB = 1024 ** 3;
const PASSWORD = 'a fine password 1';

const usage = async (client: ApiClient = org.developer) => {
  const answer = await client.get<ProjectUsage>(`/api/platform/projects/${project.ref}/usage`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const figure = (answer: ProjectUsage | OrganizationUsage, metric: UsageMetricId) => answer.metrics.find((m) => m.metric === metric)!;
const usageOf = async (metric: UsageMetricId) => figure(await usage(), metric).usage;

const gateway = (path: string, init: RequestInit = {}) =>
  fetch(`${platform.url}/api/projects/${project.ref}/gateway${path}`, {
    ...init,
    headers: { apikey: keys.anon, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

/** A request through the gateway and the size of the body it answered. */
const bytesOf = async (response: Response) => Buffer.byteLength(Buffer.from(await response.arrayBuffer()));

beforeAll(async () => {
  platform = await startTestPlatform({ resourceSampleIntervalMs: 500 });
  org = await organization(platform.url, 'free');
  readonly = await signUpMember(org.owner, org.slug, 'Read-only', 'readonly');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  project = await projectWithRows(org, '17', 100);
  const settings = (await org.owner.get(`/api/platform/projects/${project.ref}/settings`)).body;
  const key = (role: string) => settings.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  keys = { anon: key('anon'), service: key('service_role') };
  await org.owner.patch(`/api/platform/auth/${project.ref}/config`, { MAILER_AUTOCONFIRM: true });
}, 180_000);
afterAll(() => platform?.destroy());

describe('project usage', () => {
  it('answers this month’s period, the plan and its quotas', async () => {
    const answer = await usage();
    const now = new Date();
    expect(answer).toMatchObject({
      project_ref: project.ref,
      project_name: 'Moving',
      plan: 'free',
      period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    expect(answer.metrics.map((m) => [m.metric, m.unit, m.quota])).toEqual([
      ['database_size', 'bytes', 0.5 * GIB],
      ['egress', 'bytes', 5 * GIB],
      ['storage_size', 'bytes', 1 * GIB],
      ['function_invocations', 'count', 500_000],
      ['monthly_active_users', 'count', 50_000],
      ['compute_hours', 'hours', null],
      ['realtime_messages', 'count', 2_000_000],
      ['realtime_peak_connections', 'count', 200],
    ]);
    expect(figure(answer, 'database_size').usage).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('grows the storage size by an uploaded file’s size', async () => {
    const before = (await usageOf('storage_size'))!;
    const files = storedFiles(org.owner, project.ref);
    await files.createBucket('usage');
    await files.upload('usage', 'big.bin', Buffer.alloc(300 * 1024, 7));
    expect((await usageOf('storage_size'))! - before).toBe(300 * 1024);
  });

  it('counts the bytes the gateway answered as egress, streamed answers included', async () => {
    const before = (await usageOf('egress'))!;
    let sent = 0;
    for (let i = 0; i < 3; i += 1) sent += await bytesOf(await gateway('/rest/v1/notes?select=id,body'));
    sent += await bytesOf(await gateway('/rest/v1/no_such_table'));
    sent += await bytesOf(await gateway('/auth/v1/settings')); // auth answers are counted as they stream out
    expect(sent).toBeGreaterThan(3 * 100 * 128);
    expect(
      await waitFor(
        () => usageOf('egress'),
        (egress) => egress === before + sent,
        15_000,
        100,
      ),
    ).toBe(before + sent);
  });

  it('counts function invocations, and the report charts them by function', async () => {
    const deployed = await deployFunction(
      org.owner,
      project.ref,
      'hello',
      { 'index.ts': `Deno.serve(() => new Response('hello from usage'));` },
      {
        entrypoint_path: 'index.ts',
        verify_jwt: false,
      },
    );
    expect(deployed.status).toBe(201);
    const before = (await usageOf('function_invocations'))!;
    const egressBefore = (await usageOf('egress'))!;
    let sent = 0;
    for (let i = 0; i < 2; i += 1) {
      const answer = await gateway('/functions/v1/hello');
      expect(answer.status).toBe(200);
      sent += await bytesOf(answer);
    }
    expect(
      await waitFor(
        () => usageOf('function_invocations'),
        (count) => count === before + 2,
        15_000,
        100,
      ),
    ).toBe(before + 2);
    expect(
      await waitFor(
        () => usageOf('egress'),
        (egress) => egress === egressBefore + sent,
        15_000,
        100,
      ),
    ).toBe(egressBefore + sent);
    const chart = (await org.developer.get(`/api/platform/projects/${project.ref}/reports/series/function-invocations?range=1h`)).body;
    expect(chart.series).toEqual([{ key: 'hello', label: 'hello' }]);
    expect(chart.points.reduce((sum: number, point: { values: { hello: number } }) => sum + point.values.hello, 0)).toBe(2);
  });

  it('counts the users who signed in this month', async () => {
    const before = (await usageOf('monthly_active_users'))!;
    const email = uniqueEmail('app-user');
    expect((await gateway('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) })).status).toBe(200);
    const signIn = await gateway('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    expect(await usageOf('monthly_active_users')).toBe(before + 1);
  });

  it('counts the hours the project has been healthy', async () => {
    const hours = (await usageOf('compute_hours'))!;
    expect(hours).toBeGreaterThan(0);
    expect(hours).toBeLessThan(0.5);
  });

  it('lets every member read it and outsiders nothing', async () => {
    expect((await readonly.get(`/api/platform/projects/${project.ref}/usage`)).status).toBe(200);
    expect((await outsider.get(`/api/platform/projects/${project.ref}/usage`)).status).toBe(404);
    expect((await readonly.get(`/api/platform/organizations/${org.slug}/usage`)).status).toBe(200);
    expect((await outsider.get(`/api/platform/organizations/${org.slug}/usage`)).status).toBe(404);
  });
});

describe('organization usage', () => {
  it('sums its projects, the database quota once per project', async () => {
    const second = await projectWithRows(org, '17', 10);
    const answer = (await org.owner.get<OrganizationUsage>(`/api/platform/organizations/${org.slug}/usage`)).body;
    expect(answer.projects.map((p) => p.project_ref).sort()).toEqual([project.ref, second.ref].sort());
    for (const metric of ['egress', 'storage_size', 'function_invocations', 'monthly_active_users'] as const) {
      expect(figure(answer, metric).usage).toBe(answer.projects.reduce((sum, p) => sum + figure(p, metric).usage!, 0));
    }
    // Sizes are measured when asked: each project's share is close to what it says alone.
    expect(figure(answer, 'database_size').usage).toBeGreaterThan(figure(answer.projects[0]!, 'database_size').usage!);
    expect(figure(answer, 'database_size').quota).toBe(2 * 0.5 * GIB);
    expect(figure(answer, 'egress').quota).toBe(5 * GIB);
    expect(figure(answer, 'compute_hours').usage).toBeCloseTo(
      answer.projects.reduce((sum, p) => sum + figure(p, 'compute_hours').usage!, 0),
      3,
    );
  });
});

describe('usage of a paused project', () => {
  it('keeps its last sampled sizes, stops its hours, and cannot count its users', async () => {
    await waitFor(
      () =>
        platform.ctx.db.query('select 1 from resource_sample_history h join projects p on p.id = h.project_id where p.ref = $1', [
          project.ref,
        ]),
      (result) => (result.rowCount ?? 0) > 0,
      30_000,
      200,
    );
    await pause(org, project.ref);
    const paused = await usage();
    expect(figure(paused, 'database_size').usage).toBeGreaterThan(5 * 1024 * 1024);
    expect(figure(paused, 'storage_size').usage).toBeGreaterThanOrEqual(300 * 1024);
    expect(figure(paused, 'monthly_active_users').usage).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(figure(await usage(), 'compute_hours').usage).toBeCloseTo(figure(paused, 'compute_hours').usage!, 6);
  }, 120_000);

  it('keeps a finished day’s requests, egress and invocations once its logs are gone', async () => {
    const db = platform.ctx.db;
    // This test's requests, as if made two days ago (a day over for more than the roll-up's margin).
    for (const table of ['edge_logs', 'function_edge_logs']) {
      await db.query(`update ${table} set timestamp = timestamp - interval '2 days' where ref = $1`, [project.ref]);
    }
    const { rows } = await db.query<{ day: string; since: string }>(
      `select ((now() at time zone 'UTC')::date - 2)::text as day, date_trunc('month', (now() at time zone 'UTC')::date - 2)::date::text as since`,
    );
    const { day, since } = rows[0]!;
    await db.query('delete from usage_rollup_days where day = $1', [day]); // the sampler summed it, empty, at start
    const before = (await requestUsageSince(db, [project.ref], since)).get(project.ref)!;
    expect(before.requests).toBeGreaterThan(5);
    expect(before.functionInvocations).toBe(2);

    await rollUpUsage(platform.ctx); // or the sampler's round got there first
    expect((await db.query('select 1 from usage_rollup_days where day = $1', [day])).rowCount).toBe(1);
    for (const table of ['edge_logs', 'function_edge_logs']) await db.query(`delete from ${table} where ref = $1`, [project.ref]);
    expect((await requestUsageSince(db, [project.ref], since)).get(project.ref)).toEqual(before);
    expect(await rollUpUsage(platform.ctx)).toEqual([]); // each day once
  });
});
