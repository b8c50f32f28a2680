/**
 * What the data API (`/rest/v1`) stands on: who a request is (keys and users' access tokens), the
 * `authenticator` login, one pool and one transaction per request, and the schema cache with its
 * invalidations. One platform, one project; the pause comes last.
 */
import getPort from 'get-port';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAdmin } from '../src/instances/admin-session.ts';
import { RestError } from '../src/rest/errors.ts';
import { closeRestPool, restPool, restPoolSize, requireRunning } from '../src/rest/pool.ts';
import { KEPT, preparedStatement } from '../src/rest/prepared-statements.ts';
import { type RequestAuth, resolveRequestRole } from '../src/rest/request-auth.ts';
import { invalidateSchemaCache, reloadOnMiss, schemaCache } from '../src/rest/schema-cache.ts';
import { endingWith, type RequestContext, withRequestTransaction } from '../src/rest/transaction.ts';
import { instanceAuthenticatorPassword, instanceSpec } from '../src/services/projects/project-instance.ts';
import * as projects from '../src/store/projects.ts';
import { query, waitFor } from './harness.ts';
import { type MetaProject, startMetaProject } from './meta-fixture.ts';
import { signUserJwt } from './user-jwt.ts';

const MINE = '11111111-1111-4111-8111-111111111111';
const THEIRS = '22222222-2222-4222-8222-222222222222';

const SQL = `
create table public.notes (id serial primary key, owner uuid, body text);
alter table public.notes enable row level security;
create policy own_notes on public.notes for select to authenticated using (owner = auth.uid());
grant select, insert on public.notes to anon, authenticated, service_role;
grant usage on sequence public.notes_id_seq to anon, authenticated, service_role;
insert into public.notes (owner, body) values ('${MINE}', 'mine'), ('${THEIRS}', 'theirs');
create table public.authors (id int, region text, name varchar(20) not null, primary key (id, region));
create table public.books (id int generated always as identity primary key, author_id int, author_region text,
  foreign key (author_id, author_region) references public.authors (id, region));
create view public.book_ids as select id from public.books;
create function public.add(a int, b int default 2) returns int language sql immutable as 'select a + b';
create function public.pair(out x int, out y text) language sql stable as $$select 1, 'a'$$;
create function public.all_books() returns setof public.books language sql as 'select * from public.books';
`;

let meta: MetaProject;
let keys: { anon: string; service: string; secret: string };

const row = async () => (await projects.findByRef(meta.platform.ctx.db, meta.ref))!;
const spec = async () => instanceSpec(await row(), meta.platform.ctx.box);

beforeAll(async () => {
  meta = await startMetaProject(SQL);
  const body = (await meta.owner.get(`/api/platform/projects/${meta.ref}/settings`)).body;
  const key = (role: string) => body.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  keys = { anon: key('anon'), service: key('service_role'), secret: body.jwt_secret };
}, 240_000);
afterAll(() => meta?.platform.destroy());

/** GET /rest/v1/ through the gateway's path prefix. */
async function restRoot(headers: Record<string, string>) {
  const response = await fetch(`${meta.platform.url}/api/projects/${meta.ref}/gateway/rest/v1/`, { headers });
  return { status: response.status, body: await response.json(), authenticate: response.headers.get('www-authenticate') };
}

describe('who is asking', () => {
  it('takes the role and claims of the anon and service keys', async () => {
    const project = await row();
    const anon = await resolveRequestRole(
      meta.platform.ctx,
      project,
      new Headers({ apikey: keys.anon, authorization: `Bearer ${keys.anon}` }),
      {
        key: keys.anon,
        claims: { role: 'anon', ref: meta.ref },
      },
    );
    expect(anon).toEqual({ role: 'anon', claims: { role: 'anon', ref: meta.ref } });
    expect((await restRoot({ apikey: keys.service, authorization: `Bearer ${keys.service}` })).status).toBe(200);
  });

  it("makes a user's access token signed with the project's secret the request's role and claims", async () => {
    const token = await signUserJwt(keys.secret, { sub: MINE, role: 'authenticated', email: 'me@example.com', iss: 'anyone' });
    const auth = await resolveRequestRole(
      meta.platform.ctx,
      await row(),
      new Headers({ apikey: keys.anon, authorization: `Bearer ${token}` }),
      {
        key: keys.anon,
        claims: { role: 'anon', ref: meta.ref },
      },
    );
    expect(auth.role).toBe('authenticated');
    expect(auth.claims).toMatchObject({ sub: MINE, role: 'authenticated', email: 'me@example.com' });

    expect((await restRoot({ apikey: keys.anon, authorization: `Bearer ${token}` })).status).toBe(200);
    const logged = await waitFor(
      () => meta.platform.ctx.db.query(`select key_role, role from edge_logs where ref = $1 and role = 'authenticated'`, [meta.ref]),
      (result) => result.rowCount === 1,
      10_000,
      50,
    );
    expect(logged.rows[0]).toEqual({ key_role: 'anon', role: 'authenticated' });
  });

  it("refuses expired, foreign, malformed and over-reaching tokens with PostgREST's 401s", async () => {
    const refused = async (token: string) => restRoot({ apikey: keys.anon, authorization: `Bearer ${token}` });
    const expired = await refused(await signUserJwt(keys.secret, { sub: MINE, role: 'authenticated' }, -120));
    expect(expired).toMatchObject({ status: 401, body: { code: 'PGRST303', message: 'JWT expired', details: null, hint: null } });
    expect(expired.authenticate).toBe('Bearer error="invalid_token", error_description="JWT expired"');
    expect(await refused(await signUserJwt('another project secret, long enough to sign', { role: 'authenticated' }))).toMatchObject({
      status: 401,
      body: { code: 'PGRST301', message: 'JWT cryptographic operation failed' },
    });
    expect(await refused('not-a-jwt')).toMatchObject({
      status: 401,
      body: { code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' },
    });
    for (const role of ['postgres', 'basin_admin', 'authenticator']) {
      expect(await refused(await signUserJwt(keys.secret, { role }))).toMatchObject({ status: 401, body: { code: 'PGRST303' } });
    }
    // The apikey is still checked first, with the gateway's own answer.
    expect((await restRoot({ apikey: 'garbage', authorization: `Bearer ${keys.anon}` })).status).toBe(401);
  });
});

describe('authenticator', () => {
  it('is a login that only switches to the API roles, with its derived password', async () => {
    const { rows } = await withAdmin(await spec(), 5_000, (client) =>
      client.query(`select rolcanlogin, rolinherit, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,
                      array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid
                             where m.member = r.oid order by 1) as roles
                    from pg_roles r where rolname = 'authenticator'`),
    );
    expect(rows).toEqual([
      {
        rolcanlogin: true,
        rolinherit: false,
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolbypassrls: false,
        roles: ['anon', 'authenticated', 'service_role'],
      },
    ]);
    await expect(loginAsAuthenticator(instanceAuthenticatorPassword(meta.platform.ctx.box, meta.ref))).resolves.toBe('authenticator');
    await expect(loginAsAuthenticator('wrong password')).rejects.toMatchObject({ code: '28P01' });
  });

  it("is out of members' reach", async () => {
    for (const sql of [
      'set role authenticator',
      "alter role authenticator password 'mine now'",
      'grant authenticator to postgres',
      'alter role authenticator nologin',
    ]) {
      await expect(query(meta.connectionString, sql)).rejects.toMatchObject({ code: '42501' });
    }
  });
});

async function loginAsAuthenticator(password: string): Promise<string> {
  const { port } = await spec();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'authenticator', password, database: 'postgres' });
  await client.connect();
  try {
    return (await client.query('select current_user')).rows[0].current_user;
  } finally {
    await client.end();
  }
}

const asUser: RequestAuth = { role: 'authenticated', claims: { sub: MINE, role: 'authenticated' } };
const asAnon: RequestAuth = { role: 'anon', claims: { role: 'anon' } };
const asService: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

const request = (auth: RequestAuth, options: Partial<RequestContext> = {}): RequestContext => ({
  auth,
  method: 'GET',
  path: '/rest/v1/notes',
  headers: { 'x-test': 'yes' },
  schema: 'public',
  rollback: false,
  ...options,
});

async function inRequest<T>(
  auth: RequestAuth,
  work: (client: pg.PoolClient) => Promise<T>,
  options: Partial<RequestContext> = {},
): Promise<T> {
  return withRequestTransaction(restPool(meta.platform.ctx, await row()), request(auth, options), work);
}

const one = async (client: pg.PoolClient, sql: string) => (await client.query(sql)).rows[0];

describe('one transaction per request', () => {
  it("runs as the request's role with its claims and request settings", async () => {
    const seen = await inRequest(asUser, (client) =>
      one(
        client,
        `select current_user, auth.uid()::text as uid, auth.role() as role, current_setting('request.method') as method,
                current_setting('request.path') as path, current_setting('request.headers')::json->>'x-test' as header,
                current_setting('request.jwt.claim.sub') as sub, current_setting('search_path') as search_path,
                current_setting('statement_timeout') as timeout, current_setting('transaction_read_only') as read_only`,
      ),
    );
    expect(seen).toEqual({
      current_user: 'authenticated',
      uid: MINE,
      role: 'authenticated',
      method: 'GET',
      path: '/rest/v1/notes',
      header: 'yes',
      sub: MINE,
      search_path: '"public"',
      timeout: '8s',
      read_only: 'off',
    });
    // Nothing outlives the transaction on the pooled session.
    const after = await restPool(meta.platform.ctx, await row()).query(
      `select current_user, current_setting('request.jwt.claims', true) as claims`,
    );
    expect(after.rows[0]).toEqual({ current_user: 'authenticator', claims: '' });
  });

  it('lets row level security decide: policies for users, none for anon, bypassed by service_role', async () => {
    const bodies = (auth: RequestAuth) =>
      inRequest(auth, async (client) => (await client.query('select body from public.notes order by id')).rows.map((r) => r.body));
    expect(await bodies(asUser)).toEqual(['mine']);
    expect(await bodies(asAnon)).toEqual([]);
    expect(await bodies(asService)).toEqual(['mine', 'theirs']);
  });

  it("applies the role's statement timeout: 3 s for anon, and what a member sets", async () => {
    expect(await inRequest(asAnon, (client) => one(client, 'show statement_timeout'))).toEqual({ statement_timeout: '3s' });
    await query(meta.connectionString, `alter role anon set statement_timeout = '200ms'`);
    try {
      await expect(inRequest(asAnon, (client) => client.query('select pg_sleep(2)'))).rejects.toMatchObject({ code: '57014' });
    } finally {
      await query(meta.connectionString, `alter role anon set statement_timeout = '3s'`);
    }
  });

  it('rolls back when asked or on error, and reads are read-only', async () => {
    const count = () => inRequest(asService, async (client) => Number((await one(client, 'select count(*) from public.notes')).count));
    const before = await count();
    const insert = (client: pg.PoolClient) => client.query(`insert into public.notes (owner, body) values (null, 'gone')`);
    expect((await inRequest(asService, insert, { rollback: true })).rowCount).toBe(1);
    await expect(
      inRequest(asService, async (client) => {
        await insert(client);
        throw new RestError(406, 'PGRST116', 'no');
      }),
    ).rejects.toThrow('no');
    await expect(inRequest(asService, insert, { readOnly: true })).rejects.toMatchObject({ code: '25006' });
    expect(await count()).toBe(before);
  });

  it('ends a read with its statement: one round trip, and the session comes back out of any transaction, even after an error', async () => {
    const pool = restPool(meta.platform.ctx, await row());
    const read = { readOnly: true };
    const seen = await inRequest(
      asUser,
      async (client) => (await endingWith(client, { ...request(asUser), ...read }, { text: 'select current_user as who' })).rows[0],
      read,
    );
    expect(seen).toEqual({ who: 'authenticated' });
    await expect(
      inRequest(asUser, (client) => endingWith(client, { ...request(asUser), ...read }, { text: 'select 1 / 0' }), read),
    ).rejects.toMatchObject({ code: '22012' });
    // A refusal of the work's own after the statement (406 on two rows, say) leaves nothing open either.
    await expect(
      inRequest(
        asUser,
        async (client) => {
          await endingWith(client, { ...request(asUser), ...read }, { text: 'select 1' });
          throw new RestError(406, 'PGRST116', 'two rows');
        },
        read,
      ),
    ).rejects.toThrow('two rows');
    const sessions = await Promise.all(Array.from({ length: restPoolSize(await row()) }, () => pool.connect()));
    try {
      for (const session of sessions) {
        const { rows } = await session.query(
          `select current_user as who, pg_current_xact_id_if_assigned() as xid, now() = statement_timestamp() as fresh`,
        );
        expect(rows[0]).toEqual({ who: 'authenticator', xid: null, fresh: true });
      }
    } finally {
      sessions.forEach((session) => session.release());
    }
    expect(() => endingWith({} as pg.PoolClient, request(asUser), { text: 'select 1' })).toThrow(/read-only/);
  });

  it('answers refused settings with their own error, not that of the statement sent with them', async () => {
    const nobody: RequestAuth = { role: 'nobody' as RequestAuth['role'], claims: {} };
    await expect(inRequest(nobody, (client) => client.query('select 1'))).rejects.toMatchObject({
      code: '22023',
      message: 'role "nobody" does not exist',
    });
    expect(await inRequest(asAnon, (client) => one(client, 'select current_user'))).toEqual({ current_user: 'anon' });
  });

  it(`prepares statements once per session and keeps the last ${KEPT}`, async () => {
    const count = "select count(*)::int as n from pg_prepared_statements where name like 'basin-statement-%'";
    const seen = await inRequest(
      asAnon,
      async (client) => {
        for (let i = 0; i < KEPT + 5; i++) await client.query(preparedStatement(client, `select $1::int + ${i} as n`, [1]));
        const again = (await client.query(preparedStatement(client, `select $1::int + ${KEPT + 4} as n`, [2]))).rows[0];
        return { again, kept: (await one(client, count)).n };
      },
      { readOnly: true },
    );
    expect(seen).toEqual({ again: { n: KEPT + 6 }, kept: KEPT });
  });

  it('destroys a session whose connection broke, and the next request gets a good one', async () => {
    const spent = inRequest(asService, async (client) => {
      const { pid } = await one(client, 'select pg_backend_pid() as pid');
      await query(meta.connectionString, 'select pg_terminate_backend($1)', [pid]);
      return client.query('select 1');
    });
    await expect(spent).rejects.toThrow();
    expect(await inRequest(asAnon, (client) => one(client, 'select 1 as ok'))).toEqual({ ok: 1 });
  });

  it("answers PostgREST's 503s when the instance does not answer", async () => {
    const gone = { ...(await row()), ref: 'nobodyhomexxxxxxxxxx', port: await getPort({ host: '127.0.0.1' }) };
    const request: RequestContext = { auth: asAnon, method: 'GET', path: '/', headers: {}, schema: 'public', rollback: false };
    await expect(withRequestTransaction(restPool(meta.platform.ctx, gone), request, async () => 1)).rejects.toMatchObject({
      status: 503,
      code: 'PGRST000',
    });
    await expect(schemaCache(meta.platform.ctx, gone)).rejects.toMatchObject({ status: 503, code: 'PGRST002' });
    await closeRestPool(gone.ref);
  });

  it('sizes the pool from the compute size', () => {
    expect(restPoolSize({ compute_size: 'micro' })).toBe(15); // 60 connections
    expect(restPoolSize({ compute_size: '8xlarge' })).toBe(20);
  });
});

describe('schema cache', () => {
  it('describes tables, keys, views and functions of the exposed schemas', async () => {
    const cache = await schemaCache(meta.platform.ctx, await row());
    expect(cache.schemas).toEqual(['public']);
    expect(cache.relations.get('public.authors')).toEqual({
      schema: 'public',
      name: 'authors',
      kind: 'table',
      columns: [
        { name: 'id', type: 'integer', nullable: false, hasDefault: false, generated: false },
        { name: 'region', type: 'text', nullable: false, hasDefault: false, generated: false },
        { name: 'name', type: 'character varying(20)', nullable: false, hasDefault: false, generated: false },
      ],
      primaryKey: ['id', 'region'],
    });
    expect(cache.relations.get('public.books')?.columns[0]).toMatchObject({ name: 'id', hasDefault: true });
    expect(cache.relations.get('public.book_ids')).toMatchObject({ kind: 'view', primaryKey: [] });
    expect(cache.foreignKeys.filter((key) => key.to.table === 'authors')).toEqual([
      {
        name: 'books_author_id_author_region_fkey',
        from: { schema: 'public', table: 'books', columns: ['author_id', 'author_region'] },
        to: { schema: 'public', table: 'authors', columns: ['id', 'region'] },
      },
    ]);
    expect(cache.functions.get('public.add')).toEqual([
      {
        schema: 'public',
        name: 'add',
        returnType: 'integer',
        returnsSet: false,
        returnsComposite: false,
        resultColumns: [],
        volatility: 'immutable',
        args: [
          { name: 'a', type: 'integer', hasDefault: false, variadic: false },
          { name: 'b', type: 'integer', hasDefault: true, variadic: false },
        ],
      },
    ]);
    expect(cache.functions.get('public.pair')?.[0]).toMatchObject({
      args: [],
      returnsComposite: true,
      volatility: 'stable',
      resultColumns: [
        { name: 'x', type: 'integer' },
        { name: 'y', type: 'text' },
      ],
    });
    expect(cache.functions.get('public.all_books')?.[0]).toMatchObject({
      returnsSet: true,
      returnsComposite: true,
      returnsRelation: { schema: 'public', name: 'books' },
    });
  });

  it('is shared by concurrent callers', async () => {
    invalidateSchemaCache(meta.ref);
    const project = await row();
    const [a, b] = await Promise.all([schemaCache(meta.platform.ctx, project), schemaCache(meta.platform.ctx, project)]);
    expect(a).toBe(b);
  });

  it('sees a table made in the SQL editor at once', async () => {
    await schemaCache(meta.platform.ctx, await row());
    const run = await meta.owner.post(`/api/platform/pg-meta/${meta.ref}/query`, { query: 'create table public.from_editor (id int)' });
    expect(run.status).toBe(200);
    expect((await schemaCache(meta.platform.ctx, await row())).relations.has('public.from_editor')).toBe(true);
  });

  it("reloads on a member's NOTIFY pgrst, also after its listener lost its session", async () => {
    const has = async (name: string) => (await schemaCache(meta.platform.ctx, await row())).relations.has(`public.${name}`);
    expect(await has('direct_one')).toBe(false);
    await query(meta.connectionString, 'create table public.direct_one (id int)');
    expect(await has('direct_one')).toBe(false); // still cached
    await query(meta.connectionString, `notify pgrst, 'reload schema'`);
    await waitFor(() => has('direct_one'), Boolean, 5_000, 50);

    await withAdmin(await spec(), 5_000, (client) =>
      client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'basin-rest-listener'`),
    );
    await query(meta.connectionString, 'create table public.direct_two (id int)');
    await waitFor(() => has('direct_two'), Boolean, 5_000, 50); // coming back counts as a reload
    await query(meta.connectionString, 'create table public.direct_three (id int)');
    await query(meta.connectionString, `notify pgrst`);
    await waitFor(() => has('direct_three'), Boolean, 5_000, 50);
  });

  it('reloads for a request that misses something, at most once a second', async () => {
    await query(meta.connectionString, 'create table public.missed_one (id int)');
    const project = await row();
    expect((await reloadOnMiss(meta.platform.ctx, project)).relations.has('public.missed_one')).toBe(true);
    await query(meta.connectionString, 'create table public.missed_two (id int)');
    expect((await reloadOnMiss(meta.platform.ctx, project)).relations.has('public.missed_two')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await reloadOnMiss(meta.platform.ctx, project)).relations.has('public.missed_two')).toBe(true);
  });
});

describe('lifecycle', () => {
  it('gives an instance made before authenticator its login on the next start', async () => {
    await withAdmin(await spec(), 5_000, (client) => client.query('drop owned by authenticator; drop role authenticator'));
    await expect(loginAsAuthenticator(instanceAuthenticatorPassword(meta.platform.ctx.box, meta.ref))).rejects.toMatchObject({
      code: '28P01',
    });
    const pool = restPool(meta.platform.ctx, await row());
    expect((await meta.owner.post(`/api/platform/projects/${meta.ref}/restart`)).status).toBe(202);
    await waitFor(
      async () => (await row()).status,
      (status) => status === 'ACTIVE_HEALTHY',
      120_000,
      200,
    );
    expect(pool.ending).toBe(true); // closed by the restart job
    await expect(loginAsAuthenticator(instanceAuthenticatorPassword(meta.platform.ctx.box, meta.ref))).resolves.toBe('authenticator');
    expect(await inRequest(asUser, (client) => one(client, 'select auth.uid()::text as uid'))).toEqual({ uid: MINE });
  });

  it('closes the pool when the project pauses, and a paused project is refused at once with 503', async () => {
    const pool = restPool(meta.platform.ctx, await row());
    await inRequest(asAnon, (client) => client.query('select 1'));
    const notes = () => fetch(`${meta.platform.url}/api/projects/${meta.ref}/gateway/rest/v1/notes`, { headers: { apikey: keys.anon } });
    expect((await notes()).status).toBe(200);
    expect((await meta.owner.post(`/api/platform/projects/${meta.ref}/pause`)).status).toBe(202);
    await waitFor(
      async () => (await row()).status,
      (status) => status === 'INACTIVE',
      120_000,
      200,
    );
    expect(pool.ending).toBe(true);
    const started = Date.now();
    let refusal: unknown;
    try {
      requireRunning(await row());
    } catch (error) {
      refusal = error;
    }
    expect(Date.now() - started).toBeLessThan(100);
    expect(refusal).toBeInstanceOf(RestError);
    expect((refusal as RestError).status).toBe(503);
    expect((refusal as RestError).body()).toMatchObject({ code: 'PGRST000', message: 'The project is paused' });
    // The gateway, which had just served the project, knows too.
    const answer = await notes();
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 'PGRST000', message: 'The project is paused' });
  });
});
