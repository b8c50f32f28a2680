import { GraphQLClient } from 'graphql-request';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, waitFor } from './harness.ts';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { signUserJwt } from './user-jwt.ts';

/**
 * `/graphql/v1` as pg_graphql answers it, on its own test schema (accounts, blogs and blog posts),
 * through the project gateway with the project's keys and a user's token.
 */
const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';
const SCHEMA = `
  create type blog_post_status as enum ('PENDING', 'RELEASED');
  create table account (
    id serial primary key,
    email varchar(255) not null,
    user_id uuid,
    created_at timestamptz not null default '2024-01-02T03:04:05Z'
  );
  create table blog (
    id serial primary key,
    owner_id integer not null references account (id) on delete cascade,
    name varchar(255) not null,
    description varchar(255),
    tags text[],
    views bigint,
    rating numeric,
    meta jsonb
  );
  create table blog_post (
    id uuid not null default gen_random_uuid() primary key,
    blog_id integer not null references blog (id) on delete cascade,
    title varchar(255) not null,
    status blog_post_status not null default 'PENDING'
  );
  comment on table blog is e'@graphql({"totalCount": {"enabled": true}})';
  create view released_post as select id, title, blog_id from blog_post where status = 'RELEASED';
  comment on view released_post is e'@graphql({"primary_key_columns": ["id"]})';
  insert into account (email, user_id) values
    ('aardvark@x.com', '${ALICE}'), ('bat@x.com', '${BOB}'), ('cat@x.com', null), ('dog@x.com', null);
  insert into blog (owner_id, name, description, tags, views, rating, meta) values
    (1, 'A: Blog 1', 'a desc1', '{a,b}', 9007199254740993, 1.5, '{"x": 1}'),
    (1, 'A: Blog 2', null, '{b}', 2, 2.5, null),
    (2, 'B: Blog 3', 'b desc', '{c}', 3, null, null),
    (3, 'C: Blog 4', null, null, null, null, null);
  insert into blog_post (blog_id, title, status) values
    (1, 'post 1', 'RELEASED'), (1, 'post 2', 'PENDING'), (2, 'post 3', 'RELEASED'), (3, 'post 4', 'PENDING');
  create function add_numbers(a int, b int default 2) returns int language sql stable as 'select a + b';
  create function bump_views(blog_id int) returns bigint language sql volatile as
    'update blog set views = coalesce(views, 0) + 1 where id = blog_id returning views';
  alter table account enable row level security;
  create policy account_read on account for select using (true);
  create policy account_own on account for update to authenticated
    using (user_id = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid);
`;

let project: RestProject;
let url: string;

beforeAll(async () => {
  project = await startRestProject(SCHEMA);
  url = project.url.replace(/\/rest\/v1$/, '/graphql/v1');
});
afterAll(async () => {
  await project?.meta.platform.destroy();
});

interface Answer {
  status: number;
  body: { data?: any; errors?: { message: string }[] };
}

async function gql(
  text: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = withKey(project.keys.anon),
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: text, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const data = async (text: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
  const answer = await gql(text, variables, headers);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data;
};
const errorOf = async (text: string, variables?: Record<string, unknown>, headers?: Record<string, string>) => {
  const answer = await gql(text, variables, headers);
  expect(answer.body.data ?? null).toBeNull();
  return answer.body.errors![0]!.message;
};
const service = () => withKey(project.keys.service);
const user = async (sub: string) =>
  withKey(project.keys.anon, await signUserJwt(project.keys.secret, { sub, role: 'authenticated', aud: 'authenticated' }));
const names = (connection: { edges: { node: { name: string } }[] }) => connection.edges.map((edge) => edge.node.name);

describe('/graphql/v1', () => {
  it('names types and fields as the SQL names until inflect_names is on', async () => {
    const plain = await data(
      `{ __type(name: "blog_post") { name } account_holder: accountCollection(first: 1) { edges { node { email } } } }`,
    );
    expect(plain.__type.name).toBe('blog_post');
    const mutations = await data(`{ __schema { mutationType { fields { name } } } }`);
    expect(mutations.__schema.mutationType.fields.map((f: { name: string }) => f.name)).toContain('insertIntoblog_postCollection');

    await query(project.meta.connectionString, `comment on schema public is e'@graphql({"inflect_names": true})'`);
    await query(project.meta.connectionString, `notify pgrst, 'reload schema'`);
    const inflected = await waitFor(
      () => gql(`{ __type(name: "BlogPost") { fields { name } } }`),
      (answer) => Boolean(answer.body.data?.__type),
    );
    expect(inflected.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual([
      'nodeId',
      'id',
      'blogId',
      'title',
      'status',
      'blog',
    ]);
  });

  it('answers a page with cursors, pageInfo, totalCount and the scalars as pg_graphql maps them', async () => {
    const client = new GraphQLClient(url, { headers: withKey(project.keys.anon) });
    const page = await client.request<any>(
      `query Blogs($first: Int) { blogCollection(first: $first) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { __typename nodeId id ownerId name tags views rating meta } }
      } }`,
      { first: 2 },
    );
    const { edges, pageInfo, totalCount } = page.blogCollection;
    expect(totalCount).toBe(4);
    expect(edges[0].node).toEqual({
      __typename: 'Blog',
      nodeId: Buffer.from('["public", "blog", 1]').toString('base64'),
      id: 1,
      ownerId: 1,
      name: 'A: Blog 1',
      tags: ['a', 'b'],
      views: '9007199254740993',
      rating: '1.5',
      meta: '{"x": 1}',
    });
    expect(edges[0].cursor).toBe(Buffer.from('[1]').toString('base64'));
    expect(pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: edges[0].cursor, endCursor: edges[1].cursor });
    const account = await data(`{ accountCollection(first: 1) { edges { node { createdAt } } } }`);
    expect(account.accountCollection.edges[0].node.createdAt).toBe('2024-01-02T03:04:05+00:00');
  });

  it('pages forwards with after and backwards with last and before', async () => {
    const pageQuery = `query($first: Int, $last: Int, $after: Cursor, $before: Cursor, $offset: Int) {
      blogCollection(first: $first, last: $last, after: $after, before: $before, offset: $offset) {
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { node { name } } } }`;
    const first = (await data(pageQuery, { first: 3 })).blogCollection;
    const second = (await data(pageQuery, { first: 3, after: first.pageInfo.endCursor })).blogCollection;
    expect(names(second)).toEqual(['C: Blog 4']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const last = (await data(pageQuery, { last: 2 })).blogCollection;
    expect(names(last)).toEqual(['B: Blog 3', 'C: Blog 4']);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = (await data(pageQuery, { last: 2, before: last.pageInfo.startCursor })).blogCollection;
    expect(names(before)).toEqual(['A: Blog 1', 'A: Blog 2']);
    expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(names((await data(pageQuery, { first: 1, offset: 2 })).blogCollection)).toEqual(['B: Blog 3']);
  });

  it('filters with every operator, and, or and not', async () => {
    const filtered = async (filter: Record<string, unknown>, orderBy?: unknown) =>
      names(
        (
          await data(`query($f: BlogFilter, $o: [BlogOrderBy!]) { blogCollection(filter: $f, orderBy: $o) { edges { node { name } } } }`, {
            f: filter,
            o: orderBy,
          })
        ).blogCollection,
      );
    expect(await filtered({ id: { eq: 2 } })).toEqual(['A: Blog 2']);
    expect(await filtered({ id: { neq: 2 } })).toEqual(['A: Blog 1', 'B: Blog 3', 'C: Blog 4']);
    expect(await filtered({ id: { gt: 3 } })).toEqual(['C: Blog 4']);
    expect(await filtered({ id: { gte: 3 } })).toEqual(['B: Blog 3', 'C: Blog 4']);
    expect(await filtered({ id: { lt: 2 } })).toEqual(['A: Blog 1']);
    expect(await filtered({ id: { lte: 2 } })).toEqual(['A: Blog 1', 'A: Blog 2']);
    expect(await filtered({ id: { in: [1, 4] } })).toEqual(['A: Blog 1', 'C: Blog 4']);
    expect(await filtered({ description: { is: 'NULL' } })).toEqual(['A: Blog 2', 'C: Blog 4']);
    expect(await filtered({ description: { is: 'NOT_NULL' } })).toEqual(['A: Blog 1', 'B: Blog 3']);
    expect(await filtered({ name: { like: '%Blog 3' } })).toEqual(['B: Blog 3']);
    expect(await filtered({ name: { ilike: 'a:%' } })).toEqual(['A: Blog 1', 'A: Blog 2']);
    expect(await filtered({ name: { startsWith: 'C:' } })).toEqual(['C: Blog 4']);
    expect(await filtered({ views: { eq: '9007199254740993' } })).toEqual(['A: Blog 1']);
    expect(await filtered({ tags: { cs: ['b'] } })).toEqual(['A: Blog 1', 'A: Blog 2']);
    expect(await filtered({ or: [{ id: { eq: 1 } }, { and: [{ ownerId: { eq: 2 } }, { name: { like: 'B%' } }] }] })).toEqual([
      'A: Blog 1',
      'B: Blog 3',
    ]);
    expect(await filtered({ not: { ownerId: { eq: 1 } } })).toEqual(['B: Blog 3', 'C: Blog 4']);
    expect(await filtered({}, [{ description: 'DescNullsFirst' }])).toEqual(['A: Blog 2', 'C: Blog 4', 'B: Blog 3', 'A: Blog 1']);
    expect(await filtered({}, [{ description: 'AscNullsLast' }])).toEqual(['A: Blog 1', 'B: Blog 3', 'A: Blog 2', 'C: Blog 4']);
    const posts = await data(
      `{ blogPostCollection(filter: { status: { eq: RELEASED } }, orderBy: [{ title: AscNullsLast }]) { edges { node { title status } } } }`,
    );
    expect(posts.blogPostCollection.edges.map((edge: any) => edge.node)).toEqual([
      { title: 'post 1', status: 'RELEASED' },
      { title: 'post 3', status: 'RELEASED' },
    ]);
  });

  it('follows foreign keys to one and to many, nested, in one answer', async () => {
    const nested = await data(`{
      accountCollection(filter: { id: { eq: 1 } }) { edges { node {
        email
        blogCollection(orderBy: [{ id: DescNullsLast }]) { totalCount edges { node {
          name owner { email }
          blogPostCollection(filter: { status: { eq: RELEASED } }) { edges { node { title blog { id } } } }
        } } }
      } } } }`);
    const account = nested.accountCollection.edges[0].node;
    expect(account.blogCollection.totalCount).toBe(2);
    expect(account.blogCollection.edges.map((edge: any) => edge.node)).toEqual([
      {
        name: 'A: Blog 2',
        owner: { email: 'aardvark@x.com' },
        blogPostCollection: { edges: [{ node: { title: 'post 3', blog: { id: 2 } } }] },
      },
      {
        name: 'A: Blog 1',
        owner: { email: 'aardvark@x.com' },
        blogPostCollection: { edges: [{ node: { title: 'post 1', blog: { id: 1 } } }] },
      },
    ]);
    const view = await data(`{ releasedPostCollection { edges { node { title } } } }`);
    expect(view.releasedPostCollection.edges.map((edge: any) => edge.node.title).sort()).toEqual(['post 1', 'post 3']);
  });

  it('finds a record by its nodeId', async () => {
    const nodeId = Buffer.from('["public", "blog", 3]').toString('base64');
    const found = await data(`query($id: ID!) { node(nodeId: $id) { __typename nodeId ... on Blog { name owner { email } } } }`, {
      id: nodeId,
    });
    expect(found.node).toEqual({ __typename: 'Blog', nodeId, name: 'B: Blog 3', owner: { email: 'bat@x.com' } });
    const missing = await data(`{ node(nodeId: "${Buffer.from('["public", "blog", 99]').toString('base64')}") { nodeId } }`);
    expect(missing.node).toBeNull();
    const filtered = await data(`query($id: ID!) { blogCollection(filter: { nodeId: { eq: $id } }) { edges { node { id } } } }`, {
      id: nodeId,
    });
    expect(filtered.blogCollection.edges).toEqual([{ node: { id: 3 } }]);
  });

  it('inserts, updates and deletes as the request role, under RLS, and atMost undoes too wide a change', async () => {
    const inserted = await data(
      `mutation { insertIntoBlogCollection(objects: [{ ownerId: 4, name: "D: one" }, { ownerId: 4, name: "D: two", views: "7" }]) {
        affectedCount records { name views owner { email } } } }`,
      undefined,
      service(),
    );
    expect(inserted.insertIntoBlogCollection).toEqual({
      affectedCount: 2,
      records: [
        { name: 'D: one', views: null, owner: { email: 'dog@x.com' } },
        { name: 'D: two', views: '7', owner: { email: 'dog@x.com' } },
      ],
    });
    const tooMany = await errorOf(
      `mutation { updateBlogCollection(set: { description: "x" }, filter: { ownerId: { eq: 4 } }) { affectedCount } }`,
    );
    expect(tooMany).toBe('update impacts too many records');
    const wide = await errorOf(`mutation { deleteFromBlogCollection(filter: { ownerId: { eq: 4 } }, atMost: 1) { affectedCount } }`);
    expect(wide).toBe('delete impacts too many records');
    const deleted = await data(
      `mutation { deleteFromBlogCollection(filter: { ownerId: { eq: 4 } }, atMost: 2) { affectedCount records { name } } }`,
    );
    expect(deleted.deleteFromBlogCollection.affectedCount).toBe(2);
    const undone = await query(project.meta.connectionString, `select count(*)::int as n from blog where description = 'x'`);
    expect(undone.rows[0].n).toBe(0);

    // account: everyone reads; only the owner (by the token's sub) updates, and the service role bypasses RLS.
    const setEmail = `mutation($id: Int!, $email: String!) { updateAccountCollection(set: { email: $email }, filter: { id: { eq: $id } }) { affectedCount records { email } } }`;
    expect((await data(setEmail, { id: 1, email: 'anon@x.com' })).updateAccountCollection.affectedCount).toBe(0);
    expect((await data(setEmail, { id: 2, email: 'not-bob@x.com' }, await user(ALICE))).updateAccountCollection.affectedCount).toBe(0);
    expect((await data(setEmail, { id: 1, email: 'alice@x.com' }, await user(ALICE))).updateAccountCollection).toEqual({
      affectedCount: 1,
      records: [{ email: 'alice@x.com' }],
    });
    expect((await data(setEmail, { id: 2, email: 'bob@x.com' }, service())).updateAccountCollection.affectedCount).toBe(1);
    const refused = await errorOf(`mutation { insertIntoAccountCollection(objects: [{ email: "new@x.com" }]) { affectedCount } }`);
    expect(refused).toMatch(/row-level security/);
    const accounts = await query(project.meta.connectionString, `select email from account order by id`);
    expect(accounts.rows.map((row) => row.email)).toEqual(['alice@x.com', 'bob@x.com', 'cat@x.com', 'dog@x.com']);
  });

  it('reads aliases, fragments, @skip and @include, and __typename at every level', async () => {
    const answered = await data(
      `query($skip: Boolean!) {
        first: blogCollection(first: 1) { __typename edges { __typename node { ...names title: name } } }
        other: blogCollection(first: 1, offset: 1) { edges { node { id @skip(if: $skip) ownerId @include(if: $skip) } } }
      }
      fragment names on Blog { name owner { ... on Account { email } } }`,
      { skip: true },
    );
    expect(answered).toEqual({
      first: {
        __typename: 'BlogConnection',
        edges: [{ __typename: 'BlogEdge', node: { name: 'A: Blog 1', owner: { email: 'alice@x.com' }, title: 'A: Blog 1' } }],
      },
      other: { edges: [{ node: { ownerId: 1 } }] },
    });
  });

  it('serves a table created over a direct connection on its first request', async () => {
    await query(
      project.meta.connectionString,
      `create table fresh_table (id int primary key, note text); insert into fresh_table values (1, 'new')`,
    );
    const fresh = await data(`{ freshTableCollection { edges { node { note } } } }`);
    expect(fresh.freshTableCollection.edges).toEqual([{ node: { note: 'new' } }]);
  });

  it('calls stable functions as queries and volatile ones as mutations', async () => {
    expect(await data(`{ three: addNumbers(a: 1) seven: addNumbers(a: 3, b: 4) }`)).toEqual({ three: 3, seven: 7 });
    expect(await data(`mutation { bumpViews(blogId: 3) }`, undefined, service())).toEqual({ bumpViews: '4' });
    expect(await errorOf(`{ bumpViews(blogId: 3) }`)).toMatch(/^Cannot query field "bumpViews" on type "Query"/);
  });

  it('answers introspection', async () => {
    const schema = await data(getIntrospectionQuery());
    const types = new Map(schema.__schema.types.map((type: any) => [type.name, type]));
    expect([...types.keys()]).toEqual(
      expect.arrayContaining(['Blog', 'BlogConnection', 'BlogEdge', 'BlogFilter', 'BlogOrderBy', 'BigInt', 'Cursor', 'PageInfo', 'Node']),
    );
    expect((types.get('OrderByDirection') as any).enumValues.map((value: any) => value.name)).toEqual([
      'AscNullsFirst',
      'AscNullsLast',
      'DescNullsFirst',
      'DescNullsLast',
    ]);
    expect((types.get('BlogPostStatus') as any).enumValues.map((value: any) => value.name)).toEqual(['PENDING', 'RELEASED']);
  });

  it('answers errors in pg_graphql shape, with nothing changed', async () => {
    expect(await errorOf(`{ blogCollection { edges { node { nope } } } }`)).toMatch(/^Cannot query field "nope" on type "Blog"\./);
    expect(await errorOf(`{ blogCollection(`)).toMatch(/^Syntax Error/);
    expect(await errorOf(`{ blogCollection(first: 1, last: 1) { edges { cursor } } }`)).toBe(
      'only one of "first" and "last" may be provided',
    );
    expect(await errorOf(`{ blogCollection(after: "bm9wZQ==") { edges { cursor } } }`)).toBe('Invalid value passed to cursor');
    let selection = 'id';
    for (let i = 0; i < 9; i++) selection = `blogCollection { edges { node { owner { ${selection} } } } }`;
    expect(await errorOf(`{ ${selection} }`)).toBe('Query selection depth exceeds the maximum allowed depth of 32');
    const bad = await fetch(url, {
      method: 'POST',
      headers: { ...withKey(project.keys.anon), 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Answer['body']).errors![0]!.message).toMatch(/not valid JSON/);
    const got = await fetch(`${url}?query=${encodeURIComponent('{ blogCollection(first: 1) { edges { node { id } } } }')}`, {
      headers: withKey(project.keys.anon),
    });
    expect(await got.json()).toEqual({ data: { blogCollection: { edges: [{ node: { id: 1 } }] } } });
    const getMutation = await fetch(`${url}?query=${encodeURIComponent('mutation { deleteFromBlogCollection { affectedCount } }')}`, {
      headers: withKey(project.keys.anon),
    });
    expect(getMutation.status).toBe(405);
    const noKey = await fetch(url, { method: 'POST', body: JSON.stringify({ query: '{ __typename }' }) });
    expect(noKey.status).toBe(401);
  });
});
