/**
 * `npm run bench`: the performance budgets of DESIGN.md, measured on a real platform and printed
 * as one table. Timings come from here, never from timed tests.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ApiClient, startTestPlatform, uniqueEmail } from '../../packages/server/test/harness.ts';
import { measureFirstLoadJs } from './first-load-js.ts';
import { spread } from './stats.ts';
import { runLoad } from './load-process.ts';
import { formatTable, type TableRow } from './table.ts';
import { backups, pauseRestoreRestart, projectWithData, upgrades } from './lifecycle-times.ts';
import { branchTimes } from './branch-times.ts';
import { metaTimes } from './meta-times.ts';
import { apiTimes } from './api-times.ts';
import { onChildPlatform } from './child-platform-run.ts';
import { functionsTimes } from './functions-times.ts';
import { assistantTimes, startModelStandIn } from './assistant-times.ts';
import { logsTimes } from './logs-times.ts';
import { storageTimes } from './storage-times.ts';
import { tableTransferTimes } from './table-transfer-times.ts';
import { poolMemory } from './pool-memory.ts';
import { projectAccess } from './project-access.ts';
import { realtimeTimes } from './realtime-times.ts';
import { pitrTimes } from './pitr-times.ts';
import type { Spread } from './stats.ts';
import { createUntilHealthy, POLL_MS } from './time-to-healthy.ts';

const WEB_DIST = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
// The project home renders inside two lazy layout routes (app/routes.tsx); all three load first.
const PROJECT_HOME_ROUTES = [
  ['app', 'shell'],
  ['project', 'layout'],
  ['project', 'home'],
];
const PROJECTS = 5;
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;
/** Each of the logging on/off runs (alternated, several of each). */
const LOGGING_LOAD_SECONDS = 4;
const MEMORY_PROJECTS = 20;
const MEMORY_MB_PER_POOL = 40;

async function firstLoadRow(): Promise<TableRow> {
  const measure = 'First-load JS, project home (gzip -9)';
  const size = await measureFirstLoadJs(WEB_DIST, PROJECT_HOME_ROUTES);
  if (!size) return [measure, 'n/a (web not built)', '≤ 200 kB', ''];
  return [measure, `${(size.gzipBytes / 1000).toFixed(1)} kB`, '≤ 200 kB', `${size.files.length} files: ${size.note}`];
}

/** Everything that needs a running platform; it is stopped and its data removed whatever happens. */
async function platformRows(): Promise<TableRow[]> {
  // The assistant's model: a local OpenAI chat-completions stand-in (assistant-times.ts).
  const model = await startModelStandIn();
  const platform = await startTestPlatform({ ai: model.ai });
  // Once only: an interrupt and the finally below may both ask for it.
  let destroyed: Promise<void> | undefined;
  const destroy = () => (destroyed ??= platform.destroy().finally(() => model.standIn.close()));
  // Ctrl-C mid-run would otherwise leave Postgres instances and the temp dir behind.
  const interrupt = () => void destroy().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const api = new ApiClient(platform.url);
    await api.signUp(uniqueEmail('bench'));
    const org = await api.post<{ slug: string }>('/api/platform/organizations', { name: 'Bench' });
    if (org.status !== 201) throw new Error(`create organization: ${org.status} ${JSON.stringify(org.body)}`);
    // A paid plan: the free plan's two active projects per member would refuse the restores below.
    await api.put(`/api/platform/organizations/${org.body.slug}/billing/subscription`, { plan: 'pro' });

    const runs: { ref: string; ms: number }[] = [];
    for (let i = 1; i <= PROJECTS; i++) runs.push(await createUntilHealthy(api, org.body.slug, `Bench ${i}`));
    const healthy = spread(runs.map((run) => run.ms / 1000));

    const statusUrl = `${platform.url}/api/platform/projects/${runs[0]!.ref}/status`;
    const load = await runLoad(statusUrl, { cookie: api.cookie }, CONNECTIONS, LOAD_SECONDS);
    if (load.total === 0 || load.non2xx > 0) throw new Error(`status load: ${load.non2xx} of ${load.total} answers were not 2xx`);
    const loadNote = `${CONNECTIONS} connections, ${LOAD_SECONDS} s, second process; ${load.total} requests, ${load.errors} errors`;
    const storage = await storageTimes(api, platform.url, await projectAccess(api, runs[4]!.ref));
    const functions = await functionsTimes(api, platform.url, await projectAccess(api, runs[3]!.ref), {
      connections: CONNECTIONS,
      seconds: LOAD_SECONDS,
    });
    const assistant = await assistantTimes(platform, api, model.standIn, runs[0]!.ref, org.body.slug);
    const logs = await logsTimes(platform.ctx, platform.url, api, await projectAccess(api, runs[0]!.ref), {
      connections: CONNECTIONS,
      seconds: LOGGING_LOAD_SECONDS,
    });

    const data = await projectWithData(api, org.body.slug, 'Bench data', '17');
    const backup = await backups(platform, data.ref);
    const lifecycle = await pauseRestoreRestart(api, data.ref);
    // Last with this project: it grows to ~1 GB.
    const branching = await branchTimes(platform, api, data);
    const upgrade = await upgrades(api, org.body.slug);
    const timed = (s: Spread) => `median ${s.median.toFixed(2)} s (min ${s.min.toFixed(2)}, max ${s.max.toFixed(2)})`;
    const HUNDRED_MB = '~100 MB of data, median of 3';

    return [
      ['Create project → ACTIVE_HEALTHY', timed(healthy), '~2 s', `${PROJECTS} projects one after another, polled every ${POLL_MS} ms`],
      ['GET /projects/{ref}/status throughput', `${Math.round(load.requestsPerSecond)} req/s`, 'thousands/s', loadNote],
      ['GET /projects/{ref}/status latency', `p50 ${load.latencyP50Ms} ms, p99 ${load.latencyP99Ms} ms`, '', ''],
      ...functions,
      ...assistant,
      ...storage,
      ...logs,
      ['Pause → INACTIVE (with its backup)', timed(lifecycle.pause), '', HUNDRED_MB],
      ['Restore → ACTIVE_HEALTHY', timed(lifecycle.restore), '', HUNDRED_MB],
      ['Restart → ACTIVE_HEALTHY', timed(lifecycle.restart), '', HUNDRED_MB],
      ['Upgrade 15 → 17 → ACTIVE_HEALTHY', timed(upgrade), '', `${HUNDRED_MB}, a fresh project each run`],
      ['Physical backup of a running project', timed(backup.seconds), '', `${backup.megabytes.toFixed(1)} MB tar.gz; ${HUNDRED_MB}`],
      ...branching.flatMap(({ data, databaseMegabytes, directoryMegabytes, branch, copy }): TableRow[] => {
        const size = `${databaseMegabytes.toFixed(0)} MB database, ${directoryMegabytes.toFixed(0)} MB data directory with its WAL; median of 3`;
        return [
          [`Branch with data (${data}) → ACTIVE_HEALTHY`, timed(branch), 'seconds', `${size}, from the POST; each branch deleted after`],
          ['cp -a of the same data directory', timed(copy), '', size],
        ];
      }),
    ];
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await destroy();
  }
}

/** On a platform of its own, in a child process, once the other one has stopped. */
async function poolMemoryRows(): Promise<TableRow[]> {
  const memory = await poolMemory(MEMORY_PROJECTS);
  return [
    [
      `Platform RSS per data API pool (${memory.projects} projects)`,
      `${memory.perPoolMegabytes.toFixed(1)} MB per pool`,
      `≤ ${MEMORY_MB_PER_POOL} MB per pool`,
      `platform process RSS ${memory.beforeMegabytes.toFixed(0)} MB before one query to each project, ${memory.afterMegabytes.toFixed(0)} MB after`,
    ],
  ];
}

/** The rows, or one saying why they failed (and the bench exits non-zero). */
async function orFailure(measure: string, measured: () => Promise<TableRow[]>): Promise<TableRow[]> {
  try {
    return await measured();
  } catch (error) {
    process.exitCode = 1;
    return [[measure, 'failed', '', error instanceof Error ? error.message : String(error)]];
  }
}

/** The parts of the bench, in the order they run; `npm run bench -- realtime` (or BENCH_ONLY=realtime) runs only those named. */
const PARTS = {
  bundle: async () => [await firstLoadRow()],
  platform: () => orFailure('Platform measurements', platformRows),
  api: () => orFailure('Data and auth APIs', () => apiTimes({ connections: CONNECTIONS, seconds: LOAD_SECONDS })),
  // Its own platform too: in the bench's process, the platform's answer and the client's parse of it shared one core.
  meta: () => orFailure('Schemas at scale', () => onChildPlatform('Bench meta', {}, ({ api, slug }) => metaTimes(api, slug))),
  'pool-memory': () => orFailure('Pool memory', poolMemoryRows),
  realtime: () => orFailure('Realtime', realtimeTimes),
  pitr: () => orFailure('Point-in-time recovery', pitrTimes),
  'table-transfer': () => orFailure('Table import and export', tableTransferTimes),
} satisfies Record<string, () => Promise<TableRow[]>>;

function partsToRun(): (keyof typeof PARTS)[] {
  const named = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')].map((part) => part.trim()).filter(Boolean);
  const unknown = named.filter((part) => !(part in PARTS));
  if (unknown.length) throw new Error(`unknown bench part ${unknown.join(', ')}: choose from ${Object.keys(PARTS).join(', ')}`);
  return named.length
    ? (Object.keys(PARTS) as (keyof typeof PARTS)[]).filter((part) => named.includes(part))
    : (Object.keys(PARTS) as (keyof typeof PARTS)[]);
}

async function main(): Promise<void> {
  const rows: TableRow[] = [];
  for (const part of partsToRun()) rows.push(...(await PARTS[part]()));
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`,
  );
  console.log(formatTable(['Measure', 'Result', 'Target', 'Note'], rows));
}

await main();
