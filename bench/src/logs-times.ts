/**
 * The logs: what edge logging costs the gateway (the same one-row GET under load with the project's
 * log retention at 7 days, then at 0, which writes no log rows; alternated, medians of each), and
 * logs.all over 1,000,000 edge_logs rows spread over 7 days, asked for a 1-hour window through
 * the API as the explorer asks it.
 */
import type { PlatformContext } from '../../packages/server/src/kernel/context.ts';
import { type ApiClient, query } from '../../packages/server/test/harness.ts';
import { runLoad } from './load-process.ts';
import { anonHeaders, type ProjectAccess, restByHost, restUrl } from './project-access.ts';
import { percentile, spread } from './stats.ts';
import type { TableRow } from './table.ts';

const ROWS = 1_000_000;
const DAYS = 7;
const QUERY_RUNS = 30;
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const SCHEMA_WAIT_MS = 10_000;
const ONE_ROW_PATH = '/bench_log_items?select=id,name&id=eq.1';

const SETUP_SQL = `
create table public.bench_log_items (id int primary key, name text not null);
insert into public.bench_log_items values (1, 'one');
notify pgrst, 'reload schema';`;

/** What the explorer asks first, and a chart's aggregate. */
const QUERIES = {
  'newest 100 rows': 'select id, timestamp, event_message, status from edge_logs order by timestamp desc limit 100',
  'requests by status': 'select status, count(*) as requests from edge_logs group by status order by status',
};

export interface LogsLoad {
  connections: number;
  seconds: number;
}

export async function logsTimes(
  ctx: PlatformContext,
  platformUrl: string,
  api: ApiClient,
  project: ProjectAccess,
  load: LogsLoad,
): Promise<TableRow[]> {
  return [...(await loggingCost(platformUrl, api, project, load)), ...(await logsAllTimes(ctx, api, project.ref))];
}

async function loggingCost(platformUrl: string, api: ApiClient, project: ProjectAccess, load: LogsLoad): Promise<TableRow[]> {
  await query(project.connectionString, SETUP_SQL);
  await untilServed(`${restUrl(platformUrl, project.ref)}${ONE_ROW_PATH}`, anonHeaders(project));
  const { url, headers } = restByHost(platformUrl, project);
  const retention = async (days: number) => {
    const answer = await api.put(`/api/platform/projects/${project.ref}/analytics/log-retention`, { retention_days: days });
    if (answer.status !== 200) throw new Error(`log retention: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const measure = async () => {
    await runLoad(`${url}${ONE_ROW_PATH}`, headers, load.connections, WARM_UP_SECONDS);
    const result = await runLoad(`${url}${ONE_ROW_PATH}`, headers, load.connections, load.seconds);
    if (result.total === 0 || result.non2xx > 0) throw new Error(`gateway load: ${result.non2xx} of ${result.total} answers were not 2xx`);
    return result.requestsPerSecond;
  };
  const on: number[] = [];
  const off: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await retention(7);
      on.push(await measure());
      await retention(0);
      off.push(await measure());
    }
  } finally {
    await retention(7);
  }
  const logged = spread(on).median;
  const unlogged = spread(off).median;
  const cost = (1 - logged / unlogged) * 100;
  return [
    [
      'Gateway throughput, edge logging on vs off',
      `${Math.round(logged)} vs ${Math.round(unlogged)} req/s (${cost >= 0 ? '-' : '+'}${Math.abs(cost).toFixed(1)}%)`,
      'logging costs ≤ 10%',
      `one-row GET by the project's host, ${load.connections} connections; off = log retention 0 (no rows written); ` +
        `medians of ${ROUNDS} alternating runs of ${load.seconds} s after ${WARM_UP_SECONDS} s of warm-up; on ${on.map(Math.round).join('/')}, off ${off.map(Math.round).join('/')}`,
    ],
  ];
}

async function logsAllTimes(ctx: PlatformContext, api: ApiClient, ref: string): Promise<TableRow[]> {
  const started = performance.now();
  await ctx.db.query(
    `insert into edge_logs (timestamp, ref, method, path, status, duration_ms, role, key_role, key_signature_prefix, from_browser, rotated_out_key)
     select now() - make_interval(secs => g * ${(DAYS * 86_400) / ROWS}), $1, 'GET', '/rest/v1/bench_log_items',
            (array[200, 200, 200, 201, 404, 500])[1 + g % 6], (g % 37)::real, 'anon', 'anon', 'benchkey', g % 3 = 0, false
     from generate_series(1, ${ROWS}) as g`,
    [ref],
  );
  await ctx.db.query('analyze edge_logs');
  const insertSeconds = (performance.now() - started) / 1000;
  // An hour in the middle of the week.
  const end = new Date(Date.now() - 3.5 * 86_400_000);
  const range = { iso_timestamp_start: new Date(end.getTime() - 3_600_000).toISOString(), iso_timestamp_end: end.toISOString() };
  const rows: TableRow[] = [];
  for (const [name, sql] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let answered = 0;
    for (let i = 0; i < QUERY_RUNS; i++) {
      const t0 = performance.now();
      const answer = await api.get<{ result: unknown[]; error: { message: string } | null }>(
        `/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql, ...range })}`,
      );
      times.push(performance.now() - t0);
      if (answer.status !== 200 || answer.body.error) throw new Error(`logs.all: ${answer.status} ${JSON.stringify(answer.body)}`);
      answered = answer.body.result.length;
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push([
      `logs.all, ${ROWS.toLocaleString('en-US')} edge_logs rows, 1-hour window: ${name}`,
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
      '',
      `${answered} rows answered; rows over ${DAYS} days (~${Math.round(ROWS / (DAYS * 24))} an hour), inserted with generate_series in ${insertSeconds.toFixed(1)} s; ${QUERY_RUNS} runs over HTTP`,
    ]);
  }
  return rows;
}

/** Waits until the gateway serves the new table. */
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
