/**
 * The data API (`/rest/v1`) beside the same work done with pg directly, on the same project in the
 * same run: a one-row GET by primary key under load through the gateway with the anon key, and a
 * 1,000-row select with a one-to-many embed beside one hand-written statement that returns the
 * same JSON.
 */
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { query } from '../../packages/server/test/harness.ts';
import { restPoolSize } from '../../packages/server/src/rest/pool.ts';
import { runLoad, runSqlLoad, startFloorServer } from './load-process.ts';
import { chargingCpuTo } from './process-cpu.ts';
import { anonHeaders, type ProjectAccess, restByHost, restUrl } from './project-access.ts';
import { spread } from './stats.ts';
import type { TableRow } from './table.ts';

const AUTHORS = 1000;
const BOOKS_PER_AUTHOR = 3;
const EMBED_RUNS = 30;
const SCHEMA_WAIT_MS = 10_000;
/** Each load runs this long unmeasured first: the targets are about a platform that is serving (pools open, code compiled), not its first second. */
const WARM_UP_SECONDS = 2;

const SETUP_SQL = `
create table public.bench_authors (id int primary key, name text not null);
create table public.bench_books (id int primary key, author_id int not null references public.bench_authors (id), title text not null);
create index on public.bench_books (author_id);
insert into public.bench_authors select g, 'Author ' || g from generate_series(1, ${AUTHORS}) g;
insert into public.bench_books select g, (g - 1) % ${AUTHORS} + 1, 'Book ' || g from generate_series(1, ${AUTHORS * BOOKS_PER_AUTHOR}) g;
analyze public.bench_authors, public.bench_books;
notify pgrst, 'reload schema';`;

const ONE_ROW_ID = 500;
const ONE_ROW_PATH = `/bench_authors?select=id,name&id=eq.${ONE_ROW_ID}`;
const ONE_ROW_SQL = { text: 'select id, name from public.bench_authors where id = $1', values: [ONE_ROW_ID] };

const EMBED_PATH = `/bench_authors?select=id,name,bench_books(id,title)&order=id&bench_books.order=id`;
/** What the embed answers, written by hand as one statement. */
const EMBED_SQL = `
select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'bench_books', (
  select coalesce(json_agg(json_build_object('id', b.id, 'title', b.title) order by b.id), '[]')
  from public.bench_books b where b.author_id = a.id)) order by a.id), '[]') as body
from public.bench_authors a`;

export interface DataApiLoad {
  connections: number;
  seconds: number;
  /** The platform's process (a child, as `npm start` runs it), whose CPU time each request is charged. */
  platformPid: number;
}

export async function dataApiTimes(platformUrl: string, project: ProjectAccess, load: DataApiLoad): Promise<TableRow[]> {
  await query(project.connectionString, SETUP_SQL);
  const base = restUrl(platformUrl, project.ref);
  const headers = anonHeaders(project);
  await untilServed(`${base}${ONE_ROW_PATH}`, headers);

  const sessions = restPoolSize({ compute_size: project.computeSize });
  const byHost = restByHost(platformUrl, project);
  const gatewayLoad = (seconds: number) => runLoad(`${byHost.url}${ONE_ROW_PATH}`, byHost.headers, load.connections, seconds);
  await gatewayLoad(WARM_UP_SECONDS);
  const gateway = await chargingCpuTo(load.platformPid, () => gatewayLoad(load.seconds));
  if (gateway.total === 0 || gateway.non2xx > 0)
    throw new Error(`data API load: ${gateway.non2xx} of ${gateway.total} answers were not 2xx`);
  const directLoad = (seconds: number) => runSqlLoad(project.connectionString, ONE_ROW_SQL, load.connections, sessions, seconds);
  await directLoad(WARM_UP_SECONDS);
  const direct = await directLoad(load.seconds);
  const floor = await floorTimes(project.connectionString, sessions, load);
  const embed = await embedTimes(`${base}${EMBED_PATH}`, headers, project.connectionString);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = gateway.requestsPerSecond / direct.requestsPerSecond;
  return [
    [
      'Data API: GET one row by primary key (anon key)',
      `${Math.round(gateway.requestsPerSecond)} req/s at ${gateway.cpuEachUs.toFixed(0)} µs platform CPU each, p50 ${gateway.latencyP50Ms} ms, p99 ${gateway.latencyP99Ms} ms`,
      '≥ 5,000 req/s at p99 ≤ 25 ms, ≤ 150 µs CPU each',
      `${(ratio * 100).toFixed(0)}% of pg directly; by the project's host; ${load.connections} connections, ${load.seconds} s after ${WARM_UP_SECONDS} s of warm-up, second process; ${gateway.total} requests, ${gateway.errors} errors`,
    ],
    [
      'The same select, pg directly (postgres)',
      `${Math.round(direct.requestsPerSecond)} q/s, p50 ${ms(direct.latencyP50Ms)}, p99 ${ms(direct.latencyP99Ms)}`,
      '',
      `${load.connections} callers on ${sessions} sessions (the gateway's pool size), same warm-up, second process; ${direct.errors} errors`,
    ],
    [
      'Floor: node:http + pg, the same transaction, nothing else',
      `${Math.round(floor.requestsPerSecond)} req/s at ${floor.cpuEachUs.toFixed(0)} µs CPU each`,
      '',
      `the data API's GET takes ${(gateway.cpuEachUs / floor.cpuEachUs).toFixed(2)}x this CPU (floor-server.ts: begin, the request settings, the select, commit, pipelined; no key, no framework, no log); same load`,
    ],
    [
      `Data API: ${AUTHORS} rows with a one-to-many embed`,
      `${ms(embed.gateway)} (${(embed.gateway / embed.direct).toFixed(2)}x the statement)`,
      '≤ 2x the statement',
      `${AUTHORS * BOOKS_PER_AUTHOR} embedded rows; the same JSON from one statement with pg: ${ms(embed.direct)}; medians of ${EMBED_RUNS}, alternating, parsed to objects`,
    ],
  ];
}

/** The one-row read on floor-server.ts, its CPU charged to its own process. */
async function floorTimes(connectionString: string, sessions: number, load: DataApiLoad) {
  const floor = await startFloorServer(connectionString, sessions);
  try {
    const floorLoad = (seconds: number) => runLoad(floor.url, {}, load.connections, seconds);
    await floorLoad(WARM_UP_SECONDS);
    return await chargingCpuTo(floor.pid, () => floorLoad(load.seconds));
  } finally {
    await floor.stop();
  }
}

/** Waits until the gateway serves the new tables (the schema cache reloads on the NOTIFY, or on a miss). */
async function untilServed(url: string, headers: Record<string, string>): Promise<void> {
  const deadline = performance.now() + SCHEMA_WAIT_MS;
  for (;;) {
    const response = await fetch(url, { headers });
    const body = await response.text();
    if (response.status === 200) return;
    if (performance.now() > deadline) throw new Error(`data API answered ${response.status}: ${body}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Median milliseconds of the embed over HTTP and of the hand-written statement, run in turn; both must give the same JSON. */
async function embedTimes(
  url: string,
  headers: Record<string, string>,
  connectionString: string,
): Promise<{ gateway: number; direct: number }> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const fromGateway = async () => {
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`embed answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as unknown;
    };
    // pg parses the json column into objects, as the client parses the gateway's body.
    const fromSql = async () => (await client.query<{ body: unknown }>(EMBED_SQL)).rows[0]!.body;
    const [viaGateway, viaSql] = [await fromGateway(), await fromSql()];
    if (!isDeepStrictEqual(viaGateway, viaSql)) throw new Error('the embed and the hand-written statement answer different JSON');
    const gateway: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < EMBED_RUNS; i++) {
      gateway.push(await timed(fromGateway));
      direct.push(await timed(fromSql));
    }
    return { gateway: spread(gateway).median, direct: spread(direct).median };
  } finally {
    await client.end();
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
