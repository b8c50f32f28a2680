import { instanceSettings, readonlyConnectionLimit, SQL_EDITOR_MESSAGES, SQL_RUNS_PER_MEMBER } from '@basin/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, startTestPlatform, waitFor, waitForStatus } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';
import { signUpMember } from './membership.ts';

// A Read-only member tries to take every connection of a nano instance: through the SQL editor
// with its timeout lifted, and through the read-only connection string.
const NANO_CONNECTIONS = instanceSettings('nano').max_connections;
const SLEEPER = 'set statement_timeout = 0; select pg_sleep(200)';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let readonly: ApiClient;
let project: ProjectWithRows;
const run = (client: ApiClient, sql: string) => client.post(`/api/platform/pg-meta/${project.ref}/query`, { query: sql });

/** Sessions of the read-only role still sleeping, as postgres (pg_monitor) sees them. */
const sleepers = async () =>
  (
    await query(
      project.connectionString,
      `select count(*)::int as n from pg_stat_activity
        where usename = 'basin_readonly' and query like '%pg_sleep(200)%' and pid <> pg_backend_pid()`,
    )
  ).rows[0].n as number;

/** The Owner still gets answers: through the editor and on a direct connection as postgres. */
async function expectOwnerServed(): Promise<void> {
  expect(await run(org.owner, 'select 1 as ok')).toMatchObject({ status: 200, body: { rows: [[1]] } });
  expect((await query(project.connectionString, 'select current_user')).rows).toEqual([{ current_user: 'postgres' }]);
}

beforeAll(async () => {
  platform = await startTestPlatform({ sqlStatementTimeoutMs: 1_000 });
  org = await organization(platform.url);
  readonly = await signUpMember(org.owner, org.slug, 'Read-only', 'readonly');
  project = await projectWithRows(org, '17', 1);
  const resized = await org.owner.post(`/api/platform/projects/${project.ref}/billing/addons`, {
    addon_type: 'compute_instance',
    addon_variant: 'ci_nano',
  });
  expect(resized.status).toBe(202);
  await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
});
afterAll(() => platform?.destroy());

describe('connection exhaustion by a Read-only member', () => {
  it('stops editor runs that lifted their timeout at the deadline, and refuses runs past the member’s share', async () => {
    const flood = Array.from({ length: NANO_CONNECTIONS - 2 }, () => run(readonly, SLEEPER));
    await waitFor(sleepers, (n) => n > 0);
    await expectOwnerServed();

    const answers = await Promise.all(flood);
    const stopped = answers.filter((a) => a.status === 400);
    expect(stopped.length).toBeGreaterThan(0);
    expect(stopped.length).toBeLessThanOrEqual(SQL_RUNS_PER_MEMBER);
    for (const answer of stopped) expect(answer.body).toEqual({ message: SQL_EDITOR_MESSAGES.noAnswer });
    const refused = answers.filter((a) => a.status !== 400);
    expect(refused.length).toBe(answers.length - stopped.length);
    for (const answer of refused) expect(answer).toEqual({ status: 429, body: { message: SQL_EDITOR_MESSAGES.busy } });
    await waitFor(sleepers, (n) => n === 0, 10_000);
  });

  it('gives the read-only connection string a third of the connections, so postgres keeps the rest', async () => {
    const held: pg.Client[] = [];
    const refusals: string[] = [];
    try {
      for (let i = 0; i < NANO_CONNECTIONS; i++) {
        const client = new pg.Client({ connectionString: project.connectionStringReadOnly });
        client.on('error', () => {});
        await client.connect().then(
          () => held.push(client),
          (error: { code?: string }) => refusals.push(error.code ?? 'none'),
        );
      }
      expect(held.length).toBe(readonlyConnectionLimit(NANO_CONNECTIONS));
      expect(new Set(refusals)).toEqual(new Set(['53300'])); // too many connections for role
      expect(await run(readonly, 'select 1')).toEqual({ status: 429, body: { message: SQL_EDITOR_MESSAGES.busy } });
      await expectOwnerServed();
    } finally {
      await Promise.all(held.map((client) => client.end().catch(() => {})));
    }
  });
});
