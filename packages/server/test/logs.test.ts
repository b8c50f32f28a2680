import { LOG_QUERY_MAX_ROWS, LOG_SOURCES, LOGS_MESSAGES } from '@basin/core';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, EmbeddedDriver } from '../src/instances/index.ts';
import { collectPostgresLogs } from '../src/logs/postgres-log-collector.ts';
import { dropReader, readerRoleName } from '../src/logs/reader-role.ts';
import { connectionString } from '../src/instances/connection-string.ts';
import { instanceAdminPassword } from '../src/services/projects/project-instance.ts';
import { recordEdgeRequest } from '../src/services/observability/edge-logs.ts';
import { pruneExpired } from '../src/store/log-retention.ts';
import * as projects from '../src/store/projects.ts';
import { deployFunction, startFunctionsProject } from './functions-fixture.ts';
import { ApiClient, createProject, query, startTestPlatform, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';

type Platform = Awaited<ReturnType<typeof startTestPlatform>>;
let platform: Platform;
let owner: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let refA: string;
let refB: string;
let keysA: { anon: string; service: string };
let anonB: string;
let apiUrl: (ref: string) => string;
/** `postgres`'s connection string of project A. */
let databaseA: string;

const withKey = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });
const logsPath = (ref: string) => `/api/platform/projects/${ref}/analytics/endpoints/logs.all`;
const logsAll = (ref: string, sql: string, range: Record<string, string> = {}, client = owner) =>
  client.get(`${logsPath(ref)}?${new URLSearchParams({ sql, ...range })}`);

/** The rows of a query that must succeed. */
async function rows(ref: string, sql: string, range: Record<string, string> = {}): Promise<Record<string, any>[]> {
  const answer = await logsAll(ref, sql, range);
  if (answer.status !== 200 || answer.body.error) throw new Error(`${sql}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/** The error of a query that must fail, as the answer's `error` field says it (200). */
async function refusal(ref: string, sql: string): Promise<string> {
  const answer = await logsAll(ref, sql);
  expect(answer.status).toBe(200);
  expect(answer.body.result).toEqual([]);
  expect(answer.body.error).not.toBeNull();
  return answer.body.error.message;
}

/** Polls a query until it answers at least `count` rows (the writers batch, the collector reads every second). */
const eventually = (ref: string, sql: string, count = 1) =>
  waitFor(
    () => rows(ref, sql),
    (result) => result.length >= count,
    20_000,
    250,
  );

const failInDatabase = (sql: string) =>
  query(databaseA, sql).then(
    () => {
      throw new Error(`${sql} should have failed`);
    },
    () => undefined,
  );

async function adminOfA(sql: string) {
  const row = await projects.findByRef(platform.ctx.db, refA);
  return query(connectionString(ADMIN_ROLE, instanceAdminPassword(platform.ctx.box, refA), row!.port!), sql);
}

const storedLines = async (marker: string) =>
  Number(
    (await platform.ctx.db.query(`select count(*) from postgres_logs where ref = $1 and message like $2`, [refA, `%${marker}%`])).rows[0]
      .count,
  );

beforeAll(async () => {
  const fixture = await startFunctionsProject();
  ({ platform, owner } = fixture);
  refA = fixture.ref;
  keysA = fixture.keys;
  apiUrl = (ref) => `${platform.url}/api/projects/${ref}/gateway`;
  const { organization_slug: slug, connectionString: conn } = (await owner.get(`/api/platform/projects/${refA}`)).body;
  databaseA = conn;
  refB = await createProject(owner, slug, 'Logs B');
  reader = await signUpMember(owner, slug, 'Read-only', 'logs-reader');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('logs-outsider'));
  await waitForStatus(owner, refB, 'ACTIVE_HEALTHY', 120_000, 250);
  const settingsB = (await owner.get(`/api/platform/projects/${refB}/settings`)).body;
  anonB = settingsB.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key;
  // B's own traffic, with a path A must never see.
  await fetch(`${apiUrl(refB)}/rest/v1/secret_b_table`, { headers: withKey(anonB) });
  await fetch(`${apiUrl(refB)}/rest/v1/`, { headers: withKey(anonB) });
}, 240_000);

afterAll(() => platform?.destroy());

describe('every source, from real activity', () => {
  it('edge_logs: requests through the gateway', async () => {
    expect((await fetch(`${apiUrl(refA)}/rest/v1/`, { headers: withKey(keysA.anon) })).status).toBe(200);
    const [row] = await eventually(
      refA,
      "select method, path, status, key_role, role, event_message from edge_logs where path = '/rest/v1/'",
    );
    expect(row).toEqual({
      method: 'GET',
      path: '/rest/v1/',
      status: 200,
      key_role: 'anon',
      role: 'anon',
      event_message: 'GET /rest/v1/ 200',
    });
  });

  it('postgres_logs: a failing statement with its error code, user, database and text', async () => {
    await failInDatabase('select * from missing_table_logs_test');
    const [row] = await eventually(
      refA,
      "select severity, error_code, user_name, database_name, query, event_message from postgres_logs where error_code = '42P01'",
    );
    expect(row).toEqual({
      severity: 'ERROR',
      error_code: '42P01',
      user_name: 'postgres',
      database_name: 'postgres',
      query: 'select * from missing_table_logs_test',
      event_message: 'relation "missing_table_logs_test" does not exist',
    });
    const [raw] = await rows(refA, "select metadata from postgres_logs where error_code = '42P01'");
    expect(raw!.metadata).toMatchObject({ error_severity: 'ERROR', state_code: '42P01', backend_type: 'client backend' });
  });

  it('auth_logs: a sign-up and a sign-in', async () => {
    expect((await owner.patch(`/api/platform/auth/${refA}/config`, { MAILER_AUTOCONFIRM: true })).status).toBe(200);
    const email = uniqueEmail('logs-user');
    const headers = { ...withKey(keysA.anon), 'content-type': 'application/json' };
    const body = JSON.stringify({ email, password: 'correct horse battery' });
    expect((await fetch(`${apiUrl(refA)}/auth/v1/signup`, { method: 'POST', headers, body })).status).toBe(200);
    expect((await fetch(`${apiUrl(refA)}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body })).status).toBe(200);
    const [row] = await eventually(refA, "select method, path, status, level from auth_logs where path = '/auth/v1/token'");
    expect(row).toEqual({ method: 'POST', path: '/auth/v1/token', status: 200, level: 'info' });
  });

  it('function_edge_logs and function_logs: an invocation and what it printed', async () => {
    const code = `Deno.serve(() => { console.log('printed by the logs test'); return new Response('ok'); });`;
    expect(
      (await deployFunction(owner, refA, 'logger', { 'index.ts': code }, { entrypoint_path: 'index.ts', verify_jwt: false })).status,
    ).toBe(201);
    expect(await (await fetch(`${apiUrl(refA)}/functions/v1/logger`)).text()).toBe('ok');
    const [invocation] = await eventually(refA, 'select slug, method, status, event_message from function_edge_logs');
    expect(invocation).toEqual({ slug: 'logger', method: 'GET', status: 200, event_message: 'GET /logger 200' });
    const printed = await eventually(refA, "select event_message, level from function_logs where event_type = 'Log'");
    expect(printed.map((row) => row.event_message.trim())).toContain('printed by the logs test');
  });

  it('every relation has id, timestamp, event_message and metadata, then the columns the catalogue lists', async () => {
    const { rows: columns } = await platform.ctx.db.query<{ relname: string; attname: string; type: string }>(
      `select c.relname, a.attname, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'logs' and a.attnum > 0 and not a.attisdropped order by c.relname, a.attnum`,
    );
    for (const source of LOG_SOURCES) {
      const actual = columns.filter((column) => column.relname === source.name).map(({ attname, type }) => ({ name: attname, type }));
      expect(actual, source.name).toEqual(source.columns.map(({ name, type }) => ({ name, type })));
    }
    const [row] = await rows(refA, 'select id, timestamp, event_message, metadata from edge_logs order by id limit 1');
    expect(typeof row!.id).toBe('number');
    expect(Date.parse(row!.timestamp)).not.toBeNaN();
    expect(row!.metadata).toMatchObject({ request: { method: 'GET' } });
  });
});

describe('logs.all', () => {
  it('answers only the time range asked, an hour before now by default', async () => {
    await platform.ctx.db.query(
      "update edge_logs set timestamp = now() - interval '3 hours' where id = (select min(id) from edge_logs where ref = $1)",
      [refA],
    );
    const old = (await platform.ctx.db.query('select id from edge_logs where ref = $1 order by timestamp limit 1', [refA])).rows[0].id;
    const ids = async (range: Record<string, string> = {}) =>
      (await rows(refA, 'select id from edge_logs', range)).map((row) => Number(row.id));
    expect(await ids()).not.toContain(Number(old));
    const start = new Date(Date.now() - 4 * 3600_000).toISOString();
    expect(await ids({ iso_timestamp_start: start })).toContain(Number(old));
    expect(await ids({ iso_timestamp_start: start, iso_timestamp_end: new Date(Date.now() - 2 * 3600_000).toISOString() })).toEqual([
      Number(old),
    ]);
  });

  it('refuses bad parameters with 400 and answers query errors in `error` with 200', async () => {
    expect((await owner.get(logsPath(refA))).status).toBe(400);
    expect((await logsAll(refA, '  ')).body).toEqual({ message: LOGS_MESSAGES.sqlRequired });
    expect((await logsAll(refA, 'select 1', { iso_timestamp_start: 'yesterday' })).body).toEqual({
      message: LOGS_MESSAGES.invalidTimestamp('iso_timestamp_start'),
    });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await logsAll(refA, 'select 1', { iso_timestamp_start: later, iso_timestamp_end: new Date().toISOString() })).body).toEqual({
      message: LOGS_MESSAGES.rangeOrder,
    });
    expect((await logsAll(refA, 'select nope from edge_logs')).body).toEqual({
      result: [],
      error: { message: 'column "nope" does not exist' },
      warnings: [],
    });
    expect(await refusal(refA, 'select from where')).toBe('syntax error at or near "where"');
  });

  it('answers the parser warnings and runs the query anyway', async () => {
    const answer = await logsAll(refA, "with e as (select * from edge_logs) select count(*) as n from e where path ilike '%/V1/%'");
    expect(answer.body.warnings).toEqual([LOGS_MESSAGES.withOrSubquery, LOGS_MESSAGES.ilike]);
    expect(answer.body.error).toBeNull();
    expect(answer.body.result[0].n).toBeGreaterThan(0);
  });

  it('takes long queries by POST', async () => {
    const sql = `select count(*) as n from edge_logs where path <> '${'x'.repeat(20_000)}'`;
    const answer = await owner.post(logsPath(refA), { sql });
    expect(answer.status).toBe(200);
    expect(answer.body.result[0].n).toBeGreaterThan(0);
  });

  it(`answers at most ${LOG_QUERY_MAX_ROWS} rows and 10 MB`, async () => {
    expect(await rows(refA, 'select generate_series(1, 5000) as n')).toHaveLength(LOG_QUERY_MAX_ROWS);
    expect(await refusal(refA, "select repeat('x', 11 * 1024 * 1024) as big")).toBe(LOGS_MESSAGES.resultTooLarge(10));
  });

  it('stops a query at its statement timeout', async () => {
    const started = Date.now();
    expect(await refusal(refA, 'select pg_sleep(60)')).toMatch(/statement timeout/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('runs a few queries of a project at once, refusing more with 429', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => logsAll(refA, 'select pg_sleep(1)')));
    expect(answers.filter((answer) => answer.status === 429)).not.toHaveLength(0);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({ message: LOGS_MESSAGES.busy });
    expect((await logsAll(refA, 'select 1 as one')).body.result).toEqual([{ one: 1 }]);
  });

  it('is for members (every role), not outsiders', async () => {
    expect((await logsAll(refA, 'select 1 as one', {}, reader)).body.result).toEqual([{ one: 1 }]);
    expect((await logsAll(refA, 'select 1 as one', {}, outsider)).status).toBe(404);
  });
});

describe('isolation: a log query reaches its own project’s logs and nothing else', () => {
  it("never sees another project's rows, which exist", async () => {
    expect((await eventually(refB, "select path from edge_logs where path like '%secret_b%'")).length).toBeGreaterThan(0);
    expect(await rows(refA, "select path from edge_logs where path like '%secret_b%'")).toEqual([]);
    expect(await rows(refA, 'select count(*) as n from edge_logs', { iso_timestamp_start: '1970-01-01T00:00:00Z' })).toEqual([
      { n: Number((await platform.ctx.db.query('select count(*) from edge_logs where ref = $1', [refA])).rows[0].count) },
    ]);
  });

  it('cannot read platform tables, the log tables themselves or the readers’ map', async () => {
    expect(await refusal(refA, 'select * from projects')).toBe('relation "projects" does not exist');
    for (const table of ['projects', '"user"', 'session', 'edge_logs', 'postgres_logs', 'log_readers', 'log_retention']) {
      expect(await refusal(refA, `select * from public.${table}`)).toMatch(/^permission denied for table/);
    }
    expect(await refusal(refA, 'select * from pgboss.job')).toMatch(/permission denied for schema pgboss/);
  });

  it('cannot run SQL hidden in strings against them either', async () => {
    expect(await refusal(refA, "select query_to_xml('select * from public.projects', true, false, '')")).toMatch(
      /permission denied for table projects/,
    );
    expect(await refusal(refA, "select query_to_xml('select * from public.edge_logs', true, false, '')")).toMatch(
      /permission denied for table edge_logs/,
    );
    const [xml] = await rows(
      refA,
      "select query_to_xml('select count(*) as n from edge_logs where path like ''%secret_b%''', true, false, '') as x",
    );
    expect(xml!.x).toContain('<n>0</n>');
  });

  it('cannot become someone else: set_config on role or session authorization, set role', async () => {
    expect(await refusal(refA, "select set_config('role', 'basin_admin', true)")).toMatch(/permission denied to set role/);
    expect(await refusal(refA, "select set_config('role', 'postgres', true)")).toMatch(/permission denied to set role/);
    expect(await refusal(refA, "select set_config('session_authorization', 'basin_admin', true)")).toMatch(/permission denied/);
    expect(await refusal(refA, 'set role basin_admin')).toBe(LOGS_MESSAGES.notSelect);
    const [who] = await rows(refA, 'select session_user as login, current_user as role');
    expect(who!.login).toBe(readerRoleName(platform.ctx, refA));
    expect(who!.login).not.toContain(refA);
  });

  it('widening its time range through set_config shows more of its own project only', async () => {
    const result = await rows(
      refA,
      "select path from edge_logs where set_config('basin.logs_start', '-infinity', true) is not null and set_config('basin.logs_end', 'infinity', true) is not null",
    );
    expect(result.some((row) => row.path.includes('secret_b'))).toBe(false);
  });

  it("sees no project's ref in the role list", async () => {
    const roles = (await rows(refA, 'select rolname from pg_roles')).map((row) => row.rolname as string);
    expect(roles.some((name) => name.includes(refA) || name.includes(refB))).toBe(false);
  });

  it('cannot reach files, other servers, locks or notifications, nor write', async () => {
    expect(await refusal(refA, "select pg_read_file('postgresql.conf')")).toMatch(/permission denied/);
    expect(await refusal(refA, "select lo_import('/etc/passwd')")).toMatch(/permission denied|read-only/);
    expect(await refusal(refA, "select * from dblink('dbname=postgres', 'select 1') as t(x int)")).toMatch(
      /function dblink.* does not exist/,
    );
    expect(await refusal(refA, 'select pg_advisory_lock(1)')).toMatch(/permission denied for function pg_advisory_lock/);
    expect(await refusal(refA, "select pg_notify('pgrst', 'reload')")).toMatch(/permission denied for function pg_notify/);
    expect(await refusal(refA, 'select * from edge_logs for update')).toMatch(/read-only transaction|cannot lock rows|permission denied/);
    expect(await refusal(refA, 'select 1; select * from public.projects')).toBe(LOGS_MESSAGES.notOneStatement);
    expect(await refusal(refA, 'select 1) as q; select (1')).toMatch(/^syntax error/);
  });

  it("never shows another project's values through a failing condition (security_barrier)", async () => {
    const message = await refusal(refA, 'select * from edge_logs where path::int = 0');
    expect(message).toMatch(/^invalid input syntax for type integer/);
    expect(message).not.toContain('secret_b');
  });
});

describe('rows the database cannot hold', () => {
  const edgeRows = async (ref: string, like: string) =>
    (
      await platform.ctx.db.query<{ path: string; status: number }>('select path, status from edge_logs where ref = $1 and path like $2', [
        ref,
        like,
      ])
    ).rows;

  it('a NUL in a path is refused with 400 and never costs another project its rows', async () => {
    const marker = `neighbour_${Date.now()}`;
    const message = 'The request path must not contain NUL characters (%00)';
    // Refused in the words of the API each path is meant for.
    const nulPaths: [string, Record<string, unknown>][] = [
      ['/rest/v1/a%00b', { code: 'PGRST100', message }],
      ['/auth/v1/verify%00', { code: 400, error_code: 'validation_failed', msg: message }],
      ['/storage/v1/object/public/b/%00', { statusCode: '400', code: 'InvalidRequest', message }],
      ['/functions/v1/f%00', { message }],
    ];
    // Each of B's requests beside a keyless one to A, as anyone may send it: they share the log's batches.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const [path, expected] = nulPaths[i % nulPaths.length]!;
        const [, nul] = await Promise.all([
          fetch(`${apiUrl(refB)}/rest/v1/${marker}_${i}`, { headers: withKey(anonB) }),
          fetch(`${apiUrl(refA)}${path}`),
        ]);
        return { path, status: nul.status, body: await nul.json(), expected };
      }),
    );
    const rowsOfB = await waitFor(
      () => edgeRows(refB, `/rest/v1/${marker}%`),
      (found) => found.length === 10,
      10_000,
      100,
    ).catch(() => edgeRows(refB, `/rest/v1/${marker}%`));
    expect(rowsOfB).toHaveLength(10);
    for (const { path, status, body, expected } of answers) {
      expect({ path, status, body }).toEqual({ path, status: 400, body: expect.objectContaining(expected) });
    }
  });

  it('a row that still cannot be written is lost alone; what Postgres text cannot hold is replaced', async () => {
    const marker = `batch_${Date.now()}`;
    const entry = (path: string, status = 200) => ({
      at: new Date(),
      durationMs: 1,
      ref: refB,
      method: 'GET',
      path,
      status,
      keyRole: null,
      role: null,
      keySignaturePrefix: null,
      fromBrowser: false,
      rotatedOutKey: false,
      responseBytes: null,
    });
    for (let i = 0; i < 5; i++) recordEdgeRequest(platform.ctx, entry(`/${marker}/good_${i}`));
    recordEdgeRequest(platform.ctx, entry(`/${marker}/nul\u0000and\ud800surrogate`));
    recordEdgeRequest(platform.ctx, entry(`/${marker}/too_big_a_status`, 70_000)); // smallint: refused by Postgres
    const written = await waitFor(
      () => edgeRows(refB, `/${marker}/%`),
      (found) => found.length >= 6,
      10_000,
      100,
    ).catch(() => edgeRows(refB, `/${marker}/%`));
    expect(written.map((row) => row.path).sort()).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `/${marker}/good_${i}`),
      `/${marker}/nul\ufffdand\ufffdsurrogate`,
    ]);
  });
});

describe('retention', () => {
  const retention = (ref: string, client = owner) => client.get(`/api/platform/projects/${ref}/analytics/log-retention`);
  const setRetention = (ref: string, days: unknown, client = owner) =>
    client.put(`/api/platform/projects/${ref}/analytics/log-retention`, { retention_days: days });

  it('is 7 days unless changed, by Owners and Administrators only, from 0 to 90', async () => {
    expect((await retention(refA, reader)).body).toEqual({ retention_days: 7 });
    expect(await setRetention(refA, 1, reader)).toEqual({ status: 403, body: { message: LOGS_MESSAGES.retentionForbidden } });
    expect((await setRetention(refA, 91)).status).toBe(400);
    expect((await setRetention(refA, 1.5)).status).toBe(400);
    expect((await retention(refA, outsider)).status).toBe(404);
    expect(await setRetention(refA, 1)).toEqual({ status: 200, body: { retention_days: 1 } });
    expect((await retention(refA)).body).toEqual({ retention_days: 1 });
  });

  it("the prune job removes each project's rows past its own retention, from every source", async () => {
    const { db } = platform.ctx;
    const back = (table: string, ref: string, age: string) =>
      db.query(
        `update ${table} set timestamp = now() - interval '${age}' where id = (select max(id) from ${table} where ref = $1) returning id`,
        [ref],
      );
    const aged = {
      aEdge: (await back('edge_logs', refA, '2 days')).rows[0].id,
      aPostgres: (await back('postgres_logs', refA, '2 days')).rows[0].id,
      aAuth: (await back('auth_logs', refA, '2 days')).rows[0].id,
      aInvocation: (await back('function_edge_logs', refA, '2 days')).rows[0].id,
      aPrinted: (await back('function_logs', refA, '2 days')).rows[0].id,
      bSixDays: (await back('edge_logs', refB, '6 days')).rows[0].id,
    };
    const bEightDays = (
      await db.query(
        `update edge_logs set timestamp = now() - interval '8 days' where id = (select min(id) from edge_logs where ref = $1) returning id`,
        [refB],
      )
    ).rows[0].id;
    const removed = await pruneExpired(db);
    expect(removed).toMatchObject({ edge_logs: 2, postgres_logs: 1, auth_logs: 1, function_edge_logs: 1, function_logs: 1 });
    const exists = async (table: string, id: string) => (await db.query(`select 1 from ${table} where id = $1`, [id])).rowCount === 1;
    expect(await exists('edge_logs', aged.aEdge)).toBe(false);
    expect(await exists('postgres_logs', aged.aPostgres)).toBe(false);
    expect(await exists('auth_logs', aged.aAuth)).toBe(false);
    expect(await exists('function_edge_logs', aged.aInvocation)).toBe(false);
    expect(await exists('function_logs', aged.aPrinted)).toBe(false);
    expect(await exists('edge_logs', aged.bSixDays)).toBe(true);
    expect(await exists('edge_logs', bEightDays)).toBe(false);
  });

  it('0 keeps nothing: no request or database line is written while it holds', async () => {
    expect((await setRetention(refA, 0)).status).toBe(200);
    const since = new Date();
    await fetch(`${apiUrl(refA)}/rest/v1/`, { headers: withKey(keysA.anon) });
    await failInDatabase('select * from retention_zero_marker');
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two collector rounds, many flushes
    const { rows: written } = await platform.ctx.db.query(
      `select (select count(*) from edge_logs where ref = $1 and timestamp >= $2)::int as edge,
              (select count(*) from postgres_logs where ref = $1 and message like '%retention_zero_marker%')::int as postgres`,
      [refA, since],
    );
    expect(written[0]).toEqual({ edge: 0, postgres: 0 });
    expect((await setRetention(refA, 7)).status).toBe(200);
    await fetch(`${apiUrl(refA)}/rest/v1/`, { headers: withKey(keysA.anon) });
    await waitFor(
      () => platform.ctx.db.query('select 1 from edge_logs where ref = $1 and timestamp >= $2', [refA, since]),
      (r) => r.rowCount! > 0,
      10_000,
      100,
    );
  });
});

describe('the postgres log collector', () => {
  const driver = () => platform.ctx.driver as EmbeddedDriver;
  const jsonFiles = async () => (await readdir(path.join(driver().dataDir(refA), 'log'))).filter((name) => name.endsWith('.json'));

  it('follows the log across a rotation, removing the file it finished', async () => {
    await failInDatabase('select * from before_rotation_marker');
    await waitFor(
      () => storedLines('before_rotation_marker'),
      (n) => n === 1,
      20_000,
      200,
    );
    const [before] = await jsonFiles();
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // file names are to the second
    await adminOfA('select pg_rotate_logfile()');
    await failInDatabase('select * from after_rotation_marker');
    await waitFor(
      () => storedLines('after_rotation_marker'),
      (n) => n === 1,
      20_000,
      200,
    );
    await waitFor(jsonFiles, (files) => files.length === 1 && files[0] !== before, 10_000, 200);
    expect(await storedLines('before_rotation_marker')).toBe(1);
  });

  it('stores each line once however many readers run at once (replicas)', async () => {
    for (let i = 0; i < 20; i++) await failInDatabase(`select * from concurrent_marker_${i}`);
    await Promise.all([1, 2, 3, 4].map(() => collectPostgresLogs(platform.ctx, driver())));
    await waitFor(
      () => storedLines('concurrent_marker_19'),
      (n) => n === 1,
      20_000,
      200,
    );
    const { rows: counts } = await platform.ctx.db.query(
      `select message, count(*)::int as n from postgres_logs where ref = $1 and message like '%concurrent_marker_%' group by message`,
      [refA],
    );
    expect(counts).toHaveLength(20);
    expect(counts.every((row) => row.n === 1)).toBe(true);
  });

  it('cuts what a member makes the server log at a size', async () => {
    await query(databaseA, `do $$ begin raise log 'huge_marker %', repeat('x', 2000000); end $$`);
    await waitFor(
      () => storedLines('huge_marker'),
      (n) => n === 1,
      20_000,
      200,
    );
    const { rows: stored } = await platform.ctx.db.query(
      `select length(message) as message, length(raw::text) as raw from postgres_logs where ref = $1 and message like 'huge_marker%'`,
      [refA],
    );
    expect(stored[0].message).toBeLessThan(10_000);
    expect(stored[0].raw).toBeLessThan(70_000);
  });
});

describe('a project’s reader login', () => {
  it('is dropped with its project, and made again on the next query', async () => {
    const name = readerRoleName(platform.ctx, refB);
    const exists = async () => (await platform.ctx.db.query('select 1 from pg_roles where rolname = $1', [name])).rowCount === 1;
    expect(await exists()).toBe(true);
    await dropReader(platform.ctx, refB);
    expect(await exists()).toBe(false);
    expect((await platform.ctx.db.query('select 1 from log_readers where ref = $1', [refB])).rowCount).toBe(0);
    expect(await rows(refB, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(await exists()).toBe(true);
  });
});

// Last: the platform is replaced by a new one on the same data directory.
describe('a platform restart', () => {
  it('resumes the postgres log where it stopped, repeating nothing', async () => {
    await failInDatabase('select * from before_restart_marker');
    await waitFor(
      () => storedLines('before_restart_marker'),
      (n) => n === 1,
      20_000,
      200,
    );
    await failInDatabase('select * from at_restart_marker'); // maybe read before the stop, maybe after the start
    const { dataDir } = platform;
    await platform.stop();
    platform = await startTestPlatform({ dataDir });
    const again = new ApiClient(platform.url); // the same session, on the new port
    again.cookie = owner.cookie;
    owner = again;
    await waitForStatus(owner, refA, 'ACTIVE_HEALTHY', 60_000, 250);
    await failInDatabase('select * from after_restart_marker');
    await waitFor(
      () => storedLines('after_restart_marker'),
      (n) => n === 1,
      30_000,
      200,
    );
    expect(await storedLines('before_restart_marker')).toBe(1);
    expect(await storedLines('at_restart_marker')).toBe(1);
    expect((await rows(refA, "select count(*) as n from postgres_logs where query like '%restart_marker%'"))[0]).toEqual({ n: 3 });
  }, 120_000);
});
