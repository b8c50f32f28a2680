import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';

// The table editor's route: the project's PostgREST API behind the member's session, run as the
// member's own database role (postgres, or basin_readonly for Read-only members).
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let ref: string;

const SCHEMA = `
  create table items (id serial primary key, name text not null, price int);
  insert into items (name, price) select 'item ' || g, g from generate_series(1, 250) g;
  create table "odd, name" ("a.b" int primary key, "x""y" text);
  insert into "odd, name" values (1, 'one'), (2, 'two');
  create table audit (id serial primary key, who text default current_user, headers text default current_setting('request.headers', true));
  create table notes (id int primary key, body text);
  alter table notes enable row level security;
  create policy own_notes on notes for all to authenticated using (false);
  insert into notes values (1, 'kept'), (2, 'hidden');
  create function whoami() returns text language sql stable as 'select current_user::text';
`;

interface RestAnswer {
  status: number;
  body: any;
  headers: Headers;
}

async function rest(
  client: ApiClient,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<RestAnswer> {
  const response = await fetch(`${platform.url}/api/platform/projects/${ref}/rest/v1${path}`, {
    method,
    headers: {
      cookie: client.cookie,
      origin: platform.url,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const representation = { prefer: 'return=representation' };

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('rows-owner'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Rows' })).body.slug;
  reader = await signUpMember(owner, slug, 'Read-only', 'rows-reader');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('rows-outsider'));
  ref = await healthyProject(owner, slug, 'Rows');
  await query((await owner.get(`/api/platform/projects/${ref}`)).body.connectionString, SCHEMA);
});
afterAll(() => platform?.destroy());

describe('reading rows', () => {
  it('pages with an exact count, sorted and filtered as the grid asks', async () => {
    const page = await rest(owner, 'GET', '/items?select=*&order=%22price%22.desc,%22id%22.asc&limit=100&offset=100', {
      headers: { prefer: 'count=exact' },
    });
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('100-199/250');
    expect(page.body).toHaveLength(100);
    expect(page.body[0]).toEqual({ id: 150, name: 'item 150', price: 150 });

    const filtered = await rest(
      owner,
      'GET',
      `/items?${new URLSearchParams([
        ['"price"', 'gte.200'],
        ['"name"', 'ilike.%item 21%'],
        ['order', '"id".asc'],
      ])}`,
      { headers: { prefer: 'count=exact' } },
    );
    expect(filtered.headers.get('content-range')).toBe('0-9/10');
    expect(filtered.body.map((row: { id: number }) => row.id)).toEqual([210, 211, 212, 213, 214, 215, 216, 217, 218, 219]);

    const listed = await rest(
      owner,
      'GET',
      `/items?${new URLSearchParams([
        ['"id"', 'in.("3","1")'],
        ['"price"', 'is.not_null'],
        ['order', '"id".asc'],
      ])}`,
    );
    expect(listed.body.map((row: { id: number }) => row.id)).toEqual([1, 3]);
  });

  it('reaches any table name and column name through quoting', async () => {
    const odd = await rest(
      owner,
      'GET',
      `/${encodeURIComponent('odd, name')}?${new URLSearchParams([
        ['"a.b"', 'in.("2")'],
        ['order', '"x\\"y".asc'],
      ])}`,
    );
    expect(odd).toMatchObject({ status: 200, body: [{ 'a.b': 2, 'x"y': 'two' }] });
  });

  it('lets Read-only members read, as basin_readonly', async () => {
    const page = await rest(reader, 'GET', '/items?select=id&order=id.asc&limit=2', { headers: { prefer: 'count=exact' } });
    expect(page).toMatchObject({ status: 206, body: [{ id: 1 }, { id: 2 }] });
    expect(page.headers.get('content-range')).toBe('0-1/250');
    expect((await rest(reader, 'GET', '/rpc/whoami')).body).toBe('basin_readonly');
    expect((await rest(owner, 'GET', '/rpc/whoami')).body).toBe('postgres');
  });

  it('answers 404 to users outside the organization', async () => {
    expect(await rest(outsider, 'GET', '/items')).toMatchObject({ status: 404, body: { message: 'Project not found' } });
    expect(await rest(outsider, 'POST', '/items', { body: { name: 'x' } })).toMatchObject({
      status: 404,
      body: { message: 'Project not found' },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await rest(new ApiClient(platform.url), 'GET', '/items')).status).toBe(401);
  });
});

describe('writing rows', () => {
  it('inserts, updates and deletes as the Owner, answering the rows written', async () => {
    const inserted = await rest(owner, 'POST', '/items', { body: { name: 'new', price: 7 }, headers: representation });
    expect(inserted).toMatchObject({ status: 201, body: [{ id: 251, name: 'new', price: 7 }] });

    const updated = await rest(owner, 'PATCH', `/items?${new URLSearchParams([['"id"', 'in.("251")']])}`, {
      body: { name: 'renamed', price: null },
      headers: representation,
    });
    expect(updated).toMatchObject({ status: 200, body: [{ id: 251, name: 'renamed', price: null }] });

    const deleted = await rest(owner, 'DELETE', `/items?${new URLSearchParams([['"id"', 'in.("251","250")']])}`, {
      headers: representation,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.map((row: { id: number }) => row.id).sort()).toEqual([250, 251]);
    expect((await rest(owner, 'GET', '/items?id=gte.250')).body).toEqual([]);
  });

  it("answers PostgREST's error body when the database refuses", async () => {
    const refused = await rest(owner, 'POST', '/items', { body: { price: 1 }, headers: representation });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: '23502',
      message: 'null value in column "name" of relation "items" violates not-null constraint',
    });
  });

  it('refuses every write of a Read-only member with 403', async () => {
    const forbidden = { status: 403, body: { message: TABLE_EDITOR_MESSAGES.readOnly } };
    expect(await rest(reader, 'POST', '/items', { body: { name: 'nope' } })).toMatchObject(forbidden);
    expect(await rest(reader, 'PATCH', '/items?id=eq.1', { body: { name: 'nope' } })).toMatchObject(forbidden);
    expect(await rest(reader, 'DELETE', '/items?id=eq.1')).toMatchObject(forbidden);
    expect((await rest(owner, 'GET', '/items?id=eq.1')).body).toEqual([{ id: 1, name: 'item 1', price: 1 }]);
  });

  it('runs as postgres, and only the headers PostgREST reads reach the database (never the session cookie)', async () => {
    const { body } = await rest(owner, 'POST', '/audit', { body: {}, headers: { ...representation, 'x-extra': 'left out' } });
    expect(body[0].who).toBe('postgres');
    const headers = JSON.parse(body[0].headers);
    expect(Object.keys(headers).sort()).toEqual(['accept', 'content-type', 'prefer']);
    expect(owner.cookie).not.toBe('');
  });
});

describe('row level security', () => {
  // postgres has BYPASSRLS: like the SQL editor and the connection string, the table editor shows
  // Developers and up every row whatever the policies. basin_readonly does not bypass them, so
  // Read-only members see only what policies grant it (here: nothing).
  it('is bypassed as postgres and applies to basin_readonly', async () => {
    expect((await rest(owner, 'GET', '/notes?order=id.asc')).body).toEqual([
      { id: 1, body: 'kept' },
      { id: 2, body: 'hidden' },
    ]);
    expect((await rest(reader, 'GET', '/notes')).body).toEqual([]);
  });
});
