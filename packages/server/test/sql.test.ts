import { SQL_RESULT_MAX_ROWS } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization, type Org } from './lifecycle-helpers.ts';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let readonly: ApiClient;
let ref: string;
let connectionString: string;
const run = (client: ApiClient, sql: string) => client.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url, 'free');
  readonly = await signUpMember(org.owner, org.slug, 'Read-only', 'readonly');
  ref = await healthyProject(org.owner, org.slug, 'Editor');
  connectionString = (await org.owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
});
afterAll(() => platform?.destroy());

describe('POST /platform/pg-meta/{ref}/query', () => {
  it('runs DDL and writes as postgres, and answers the last statement’s rows with typed fields', async () => {
    const created = await run(
      org.developer,
      `create table "Notes ü" (id int primary key, body text, done boolean, meta jsonb, big bigint, at timestamptz);
       insert into "Notes ü" values (1, 'one', true, '{"a":1}', 9007199254740993, '2026-01-02 03:04:05+00'), (2, null, false, null, 2, null);
       select id, body, done, meta, big, id as id from "Notes ü" order by id`,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      command: 'SELECT',
      rowCount: 2,
      truncated: false,
      fields: [
        { name: 'id', type: 'integer', dataTypeID: 23 },
        { name: 'body', type: 'text' },
        { name: 'done', type: 'boolean' },
        { name: 'meta', type: 'jsonb' },
        { name: 'big', type: 'bigint' },
        { name: 'id', type: 'integer' },
      ],
      rows: [
        [1, 'one', true, { a: 1 }, '9007199254740993', 1],
        [2, null, false, null, '2', 2],
      ],
    });
    expect(created.body.durationMs).toBeGreaterThanOrEqual(0);
    // The rows are really there, owned by the members' role.
    const { rows } = await query(
      connectionString,
      `select count(*)::int as n, pg_catalog.pg_get_userbyid(relowner) as owner from "Notes ü", pg_class where relname = 'Notes ü' group by 2`,
    );
    expect(rows[0]).toEqual({ n: 2, owner: 'postgres' });
    expect((await run(org.owner, 'select current_user')).body.rows).toEqual([['postgres']]);
  });

  it('answers a statement without rows with its command and count', async () => {
    const answer = await run(org.owner, `update "Notes ü" set body = 'changed'`);
    expect(answer.body).toMatchObject({ command: 'UPDATE', rowCount: 2, rows: [], fields: [] });
  });

  it('answers a failed statement with 400, its code and its position in the whole query', async () => {
    const sql = 'select 1;\nselect id, nope\n  from "Notes ü"';
    const answer = await run(org.owner, sql);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'column "nope" does not exist', code: '42703' });
    expect(sql.slice(answer.body.position - 1, answer.body.position + 3)).toBe('nope');
    const syntax = await run(org.owner, 'selec 1');
    expect(syntax.body).toMatchObject({ code: '42601', position: 1 });
  });

  it('rolls back every statement of a failed query (one implicit transaction)', async () => {
    expect((await run(org.owner, `insert into "Notes ü" (id) values (3); select 1/0`)).status).toBe(400);
    expect((await query(connectionString, 'select count(*)::int as n from "Notes ü"')).rows[0].n).toBe(2);
  });

  it('lets a Read-only member read through the read-only role, and never write', async () => {
    expect((await run(readonly, 'select current_user, count(*)::int from "Notes ü"')).body.rows).toEqual([['basin_readonly', 2]]);
    const write = await run(readonly, `insert into "Notes ü" (id) values (9)`);
    expect(write.status).toBe(400);
    expect(write.body).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' });
    const sneaky = await run(readonly, `set transaction read write; delete from "Notes ü"`);
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.code).toBe('42501'); // permission denied: the role has no write privilege either
    expect((await run(readonly, 'create table t (id int)')).status).toBe(400);
    expect((await query(connectionString, 'select count(*)::int as n from "Notes ü"')).rows[0].n).toBe(2);
  });

  it('runs an owner’s read_only query through the read-only role: a COMMIT inside cannot open a writable transaction', async () => {
    const read = await org.owner.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select current_user', read_only: true });
    expect(read.body.rows).toEqual([['basin_readonly']]);
    const escape = await org.owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: 'commit; set default_transaction_read_only = off; delete from "Notes ü"',
      read_only: true,
    });
    expect(escape.status).toBe(400);
    expect(['25006', '42501']).toContain(escape.body.code); // read-only transaction, or no privilege to write
    expect((await query(connectionString, 'select count(*)::int as n from "Notes ü"')).rows[0].n).toBe(2);
    expect((await org.owner.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select 1', read_only: 'yes' })).status).toBe(400);
  });

  it(`keeps the first ${SQL_RESULT_MAX_ROWS} rows of a larger result and says it is truncated`, async () => {
    const answer = await run(org.owner, `select g, md5(g::text) from generate_series(1, ${SQL_RESULT_MAX_ROWS + 5}) g`);
    expect(answer.status).toBe(200);
    expect(answer.body.truncated).toBe(true);
    expect(answer.body.rows).toHaveLength(SQL_RESULT_MAX_ROWS);
    expect(answer.body.rowCount).toBe(SQL_RESULT_MAX_ROWS + 5);
    expect(answer.body.rows.at(-1)[0]).toBe(SQL_RESULT_MAX_ROWS);
    const exact = await run(org.owner, `select g from generate_series(1, ${SQL_RESULT_MAX_ROWS}) g`);
    expect(exact.body).toMatchObject({ truncated: false, rowCount: SQL_RESULT_MAX_ROWS });
  });

  it('cancels a statement past its timeout when the query lowers it', async () => {
    const answer = await run(org.owner, `set statement_timeout = 200; select pg_sleep(5)`);
    expect(answer.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });

  it('checks membership, input and the instance', async () => {
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await run(outsider, 'select 1')).status).toBe(404);
    expect((await new ApiClient(platform.url).post(`/api/platform/pg-meta/${ref}/query`, { query: 'select 1' })).status).toBe(401);
    expect((await org.owner.post(`/api/platform/pg-meta/${ref}/query`, { query: '' })).body).toEqual({ message: 'Query is required' });
    await platform.ctx.driver.stop(ref);
    const stopped = await run(org.owner, 'select 1');
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toMatch(/not answering/);
  });
});
