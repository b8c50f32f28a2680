import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';

// The table editor's export (streamed CSV or SQL of the grid's rows) and import (a CSV streamed
// into COPY in one transaction), as the member's database role.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let reader: ApiClient;
let ref: string;
let connection: string;

const SCHEMA = `
  create table items (id bigint primary key, name text, note text, price numeric);
  insert into items values
    (9007199254740993, 'comma, here', 'say "hi"', 1.10),
    (2, E'line\\nbreak', '', null),
    (3, 'plain', null, 3);
  create table people (id int primary key, name text not null, age int, note text);
  insert into people values (100, 'Existing', 1, null);
`;

async function download(client: ApiClient, params: [string, string][]) {
  const response = await fetch(`${platform.url}/api/platform/projects/${ref}/table-export?${new URLSearchParams(params)}`, {
    headers: { cookie: client.cookie },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function upload(client: ApiClient, csv: string, params: Record<string, string>) {
  const response = await fetch(`${platform.url}/api/platform/projects/${ref}/table-import?${new URLSearchParams(params)}`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: platform.url, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const peopleRows = async () => (await query(connection, 'select id, name, age, note from people order by id')).rows;

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('transfer-owner'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Transfer' })).body.slug;
  reader = await signUpMember(owner, slug, 'Read-only', 'transfer-reader');
  ref = await healthyProject(owner, slug, 'Transfer');
  connection = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
  await query(connection, SCHEMA);
});
afterAll(() => platform?.destroy());

describe('export', () => {
  it('writes CSV with a header, quoting commas, quotes and line breaks, NULL apart from the empty string, big ints exact', async () => {
    const file = await download(owner, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'csv'],
      ['order', '"id".asc'],
    ]);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="items.csv"');
    expect(file.text).toBe(
      ['id,name,note,price', '2,"line\nbreak","",', '3,plain,,3', '9007199254740993,"comma, here","say ""hi""",1.10', ''].join('\n'),
    );
  });

  it("exports only the grid's filtered rows, in its order", async () => {
    const file = await download(owner, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'csv'],
      ['"price"', 'gte.1'],
      ['order', '"id".desc'],
    ]);
    expect(file.text.split('\n').map((line) => line.split(',')[0])).toEqual(['id', '9007199254740993', '3', '']);
  });

  it('writes SQL inserts that put the same rows back', async () => {
    const file = await download(owner, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'sql'],
    ]);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="items.sql"');
    expect(file.text).toContain(`INSERT INTO "public"."items" ("id", "name", "note", "price") VALUES ('3', 'plain', NULL, '3');`);
    const client = new (await import('pg')).default.Client({ connectionString: connection });
    await client.connect();
    try {
      const before = (await client.query('select * from items order by id')).rows;
      await client.query('begin');
      await client.query('delete from items');
      await client.query(file.text);
      expect((await client.query('select * from items order by id')).rows).toEqual(before);
      await client.query('rollback');
    } finally {
      await client.end();
    }
  });

  it('lets Read-only members export; refuses a bad filter or an unknown table before sending anything', async () => {
    const file = await download(reader, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'csv'],
      ['"id"', 'eq.3'],
    ]);
    expect(file).toMatchObject({ status: 200, text: 'id,name,note,price\n3,plain,,3\n' });
    const bad = await download(owner, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'csv'],
      ['"id"', 'eq.not-a-number'],
    ]);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).message).toContain('invalid input syntax for type bigint');
    const missing = await download(owner, [
      ['schema', 'public'],
      ['table', 'nope'],
      ['format', 'csv'],
    ]);
    expect(missing.status).toBe(404);
    const paged = await download(owner, [
      ['schema', 'public'],
      ['table', 'items'],
      ['format', 'csv'],
      ['limit', '1'],
    ]);
    expect(JSON.parse(paged.text)).toEqual({ message: TABLE_TRANSFER_MESSAGES.exportQuery });
  });
});

describe('import', () => {
  const mapping = JSON.stringify([{ name: 'name' }, null, { name: 'id' }, { name: 'age' }, { name: 'note' }]);

  it('maps CSV columns onto the table (skipping some), NULL for an unquoted empty field', async () => {
    const csv = 'Name,Ignored,Id,Age,Note\n"Ann, A",x,1,30,""\n"Bob\nB",y,2,,\n';
    const answer = await upload(owner, csv, { schema: 'public', table: 'people', columns: mapping });
    expect(answer).toEqual({ status: 200, body: { rows: 2 } });
    expect(await peopleRows()).toEqual([
      { id: 1, name: 'Ann, A', age: 30, note: '' },
      { id: 2, name: 'Bob\nB', age: null, note: null },
      { id: 100, name: 'Existing', age: 1, note: null },
    ]);
  });

  it('answers 422 with the line and Postgres message of the first bad row, and keeps nothing', async () => {
    const before = await peopleRows();
    const csv = 'Name,Ignored,Id,Age,Note\nCid,x,10,5,\n"Dee\nmultiline",x,11,6,\nEve,x,12,old,\nFay,x,13,7,\n';
    const answer = await upload(owner, csv, { schema: 'public', table: 'people', columns: mapping });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'invalid input syntax for type integer: "old"', line: 5, row: 3, column: 'age' });
    expect(await peopleRows()).toEqual(before);

    const short = await upload(owner, 'Name,Ignored,Id,Age,Note\nGus,x,20\n', { schema: 'public', table: 'people', columns: mapping });
    expect(short.status).toBe(422);
    expect(short.body.line).toBe(2);
    const duplicate = await upload(owner, 'n,i,id,a,no\nHal,x,100,1,\n', { schema: 'public', table: 'people', columns: mapping });
    expect(duplicate).toMatchObject({ status: 422, body: { row: 1, line: 2 } });
    expect(duplicate.body.message).toContain('duplicate key value violates unique constraint');
    expect(await peopleRows()).toEqual(before);
  });

  it('refuses a mapping to a column the table lacks, or of the wrong width', async () => {
    const unknown = await upload(owner, 'a\n1\n', { schema: 'public', table: 'people', columns: JSON.stringify([{ name: 'nope' }]) });
    expect(unknown).toEqual({ status: 400, body: { message: TABLE_TRANSFER_MESSAGES.unknownColumn('nope') } });
    const wide = await upload(owner, 'a,b\n1,2\n', { schema: 'public', table: 'people', columns: JSON.stringify([{ name: 'id' }]) });
    // Every CSV column mapped: the bytes go to COPY as they are, which names the line itself.
    expect(wide).toMatchObject({ status: 422, body: { message: 'extra data after last expected column', line: 2 } });
  });

  it('creates a new table from the given types and fills it in one transaction; tab-separated text too', async () => {
    const columns = JSON.stringify([
      { name: 'code', type: 'text' },
      { name: 'amount', type: 'bigint' },
      { name: 'when', type: 'date' },
    ]);
    const answer = await upload(owner, 'code\tamount\twhen\nA\t9007199254740993\t2024-01-02\nB\t\t2024-02-03\n', {
      schema: 'public',
      table: 'From CSV',
      columns,
      create: 'true',
      delimiter: 'tab',
    });
    expect(answer).toEqual({ status: 200, body: { rows: 2 } });
    const { rows } = await query(connection, `select code, amount::text, "when"::text from "From CSV" order by code`);
    expect(rows).toEqual([
      { code: 'A', amount: '9007199254740993', when: '2024-01-02' },
      { code: 'B', amount: null, when: '2024-02-03' },
    ]);
    const types = await query(
      connection,
      `select data_type from information_schema.columns where table_name = 'From CSV' order by ordinal_position`,
    );
    expect(types.rows.map((row) => row.data_type)).toEqual(['text', 'bigint', 'date']);

    // A bad line undoes the creation too; an existing name is a 409.
    const failed = await upload(owner, 'code,amount,when\nC,lots,2024-01-01\n', {
      schema: 'public',
      table: 'broken',
      columns,
      create: 'true',
    });
    expect(failed.status).toBe(422);
    expect((await query(connection, `select to_regclass('public.broken') as t`)).rows[0].t).toBeNull();
    const again = await upload(owner, 'code,amount,when\n', { schema: 'public', table: 'From CSV', columns, create: 'true' });
    expect(again).toEqual({ status: 409, body: { message: TABLE_TRANSFER_MESSAGES.tableExists('public', 'From CSV') } });
    const untyped = await upload(owner, 'a\n1\n', {
      schema: 'public',
      table: 'x',
      columns: JSON.stringify([{ name: 'a' }]),
      create: 'true',
    });
    expect(untyped).toEqual({ status: 400, body: { message: TABLE_TRANSFER_MESSAGES.typeRequired('a') } });
  });

  it('refuses Read-only members with 403', async () => {
    const answer = await upload(reader, 'Name,Ignored,Id,Age,Note\nIvy,x,30,1,\n', { schema: 'public', table: 'people', columns: mapping });
    expect(answer).toEqual({ status: 403, body: { message: TABLE_TRANSFER_MESSAGES.readOnly } });
  });

  it('answers 413 to a body declared over 1 GB without reading it', async () => {
    const url = new URL(
      `/api/platform/projects/${ref}/table-import?${new URLSearchParams({ schema: 'public', table: 'people', columns: mapping })}`,
      platform.url,
    );
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: platform.url, 'content-type': 'text/csv', 'content-length': String(2 * 1024 ** 3) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('Name,Ignored,Id,Age,Note\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: TABLE_TRANSFER_MESSAGES.tooLarge });
  });
});
