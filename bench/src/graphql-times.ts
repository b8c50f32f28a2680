/**
 * `/graphql/v1` beside the same work done with pg directly: a query three levels deep (authors,
 * their books, the books' reviews) over 1,000 authors, against one hand-written statement that
 * returns the same JSON.
 */
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { query } from '../../packages/server/test/harness.ts';
import { anonHeaders, type ProjectAccess } from './project-access.ts';
import { spread } from './stats.ts';
import type { TableRow } from './table.ts';

const AUTHORS = 1000;
const BOOKS_PER_AUTHOR = 2;
const RUNS = 20;
const SCHEMA_WAIT_MS = 10_000;

// A page of pg_graphql's is 30 rows unless max_rows says otherwise.
const SETUP_SQL = `
create table public.gql_author (id int primary key, name text not null);
create table public.gql_book (id int primary key, author_id int not null references public.gql_author (id), title text not null);
create table public.gql_review (id int primary key, book_id int not null references public.gql_book (id), stars int not null);
create index on public.gql_book (author_id);
create index on public.gql_review (book_id);
comment on table public.gql_author is e'@graphql({"max_rows": ${AUTHORS}})';
insert into public.gql_author select g, 'Author ' || g from generate_series(1, ${AUTHORS}) g;
insert into public.gql_book select g, (g - 1) % ${AUTHORS} + 1, 'Book ' || g from generate_series(1, ${AUTHORS * BOOKS_PER_AUTHOR}) g;
insert into public.gql_review select g, g, g % 5 + 1 from generate_series(1, ${AUTHORS * BOOKS_PER_AUTHOR}) g;
analyze public.gql_author, public.gql_book, public.gql_review;
notify pgrst, 'reload schema';`;

const QUERY = `{ gql_authorCollection(first: ${AUTHORS}) { edges { node { id name
  gql_bookCollection { edges { node { id title gql_reviewCollection { edges { node { id stars } } } } } }
} } } }`;

/** What the query answers, written by hand as one statement. */
const DIRECT_SQL = `
select json_build_object('data', json_build_object('gql_authorCollection', json_build_object('edges', coalesce((
  select json_agg(json_build_object('node', json_build_object('id', a.id, 'name', a.name,
    'gql_bookCollection', json_build_object('edges', coalesce((
      select json_agg(json_build_object('node', json_build_object('id', b.id, 'title', b.title,
        'gql_reviewCollection', json_build_object('edges', coalesce((
          select json_agg(json_build_object('node', json_build_object('id', r.id, 'stars', r.stars)) order by r.id)
          from public.gql_review r where r.book_id = b.id), '[]')))) order by b.id)
      from public.gql_book b where b.author_id = a.id), '[]')))) order by a.id)
  from public.gql_author a), '[]')))) as body`;

export async function graphqlTimes(platformUrl: string, project: ProjectAccess): Promise<TableRow[]> {
  await query(project.connectionString, SETUP_SQL);
  const url = `${platformUrl}/api/projects/${project.ref}/gateway/graphql/v1`;
  const headers = { ...anonHeaders(project), 'content-type': 'application/json' };
  const fromGateway = async () => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: QUERY }) });
    const body = (await response.json()) as { errors?: unknown };
    if (response.status !== 200 || body.errors) throw new Error(`graphql answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  await untilServed(fromGateway);
  const client = new pg.Client({ connectionString: project.connectionString });
  await client.connect();
  try {
    const fromSql = async () => (await client.query<{ body: unknown }>(DIRECT_SQL)).rows[0]!.body;
    if (!isDeepStrictEqual(await fromGateway(), await fromSql()))
      throw new Error('graphql and the hand-written statement answer different JSON');
    const gateway: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      gateway.push(await timed(fromGateway));
      direct.push(await timed(fromSql));
    }
    const [viaGateway, viaSql] = [spread(gateway).median, spread(direct).median];
    return [
      [
        `GraphQL: ${AUTHORS} rows, 3 levels deep`,
        `${viaGateway.toFixed(1)} ms (${(viaGateway / viaSql).toFixed(2)}x the statement)`,
        '',
        `${AUTHORS * BOOKS_PER_AUTHOR} books and as many reviews below them; the same JSON from one statement with pg: ${viaSql.toFixed(1)} ms; medians of ${RUNS}, alternating, parsed to objects`,
      ],
    ];
  } finally {
    await client.end();
  }
}

/** Waits until the schema cache has the new tables (it reloads on the NOTIFY). */
async function untilServed(read: () => Promise<unknown>): Promise<void> {
  const deadline = performance.now() + SCHEMA_WAIT_MS;
  for (;;) {
    try {
      await read();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
