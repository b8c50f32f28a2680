/**
 * Point-in-time recovery, on a platform of its own (as `npm start` runs it): what archiving WAL
 * costs a write-heavy load (single-row inserts from a second process, PITR off then on), then how
 * long a restore to a point takes once the project holds ~1 GB and about a gigabyte of WAL was
 * written since its base backup, and how long a branch from a point takes.
 */
import path from 'node:path';
import { EmbeddedDriver } from '../../packages/server/src/instances/index.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { query } from '../../packages/server/test/harness.ts';
import { onChildPlatform } from './child-platform-run.ts';
import { projectWithData, untilStatus, type ProjectUnderTest } from './lifecycle-times.ts';
import { runSqlLoad } from './load-process.ts';
import { spread, type Spread } from './stats.ts';
import type { TableRow } from './table.ts';

const RUNS = 3;
const LOAD_SECONDS = 10;
const CALLERS = 20;
const SESSIONS = 10;
/** ~900 MB more rows (as branch-times.ts grows its project): few, wide, uncompressed. */
const GROW_TO_1GB_SQL = `insert into filler select g, repeat(md5(g::text), 59) from generate_series(350001, 820000) g`;
const INSERT = { text: 'insert into events (body) values ($1)', values: ['x'.repeat(200)] };

/** Bytes of WAL the instance has written since it began. */
const walPosition = async (project: ProjectUnderTest): Promise<number> =>
  (await query(project.connectionString, "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as bytes")).rows[0].bytes;

interface InsertRun {
  rate: number;
  /** The WAL the inserts wrote, MB per second. */
  walMb: number;
  /** The instance's CPU (its processes and the archiver's gzip children) per insert, µs. */
  cpuUs: number;
}

/** The instance's CPU seconds so far, read from /proc as the platform's sampler reads them. */
async function instanceCpu(instances: EmbeddedDriver, ref: string): Promise<number> {
  const stats = await instances.stats(ref);
  if (stats?.cpuSeconds == null) throw new Error(`no CPU reading for instance ${ref}`);
  return stats.cpuSeconds;
}

async function insertRun(instances: EmbeddedDriver, project: ProjectUnderTest): Promise<InsertRun> {
  const [wal, cpu] = [await walPosition(project), await instanceCpu(instances, project.ref)];
  const load = await runSqlLoad(project.connectionString, INSERT, CALLERS, SESSIONS, LOAD_SECONDS);
  if (load.errors) throw new Error(`insert load: ${load.errors} of ${load.total} inserts failed`);
  // The last segment's gzip runs when it closes: let the archiver catch up before reading the CPU.
  await query(project.connectionString, 'select pg_sleep(1)');
  return {
    rate: load.requestsPerSecond,
    walMb: ((await walPosition(project)) - wal) / 1e6 / LOAD_SECONDS,
    cpuUs: (((await instanceCpu(instances, project.ref)) - cpu) * 1e6) / load.total,
  };
}

/**
 * RUNS runs with PITR off and RUNS with it on, alternated (off, on, off, ...) so that the machine's
 * drift falls on both; PITR is on at the end.
 */
async function insertLoads(
  api: ApiClient,
  instances: EmbeddedDriver,
  project: ProjectUnderTest,
): Promise<Record<'off' | 'on', { rate: Spread; cpuUs: Spread; walMb: number }>> {
  const runs = { off: [] as InsertRun[], on: [] as InsertRun[] };
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) await removeAddon(api, project.ref, 'pitr_7');
    runs.off.push(await insertRun(instances, project));
    await addon(api, project.ref, 'pitr', 'pitr_7');
    runs.on.push(await insertRun(instances, project));
  }
  const summary = (each: InsertRun[]) => ({
    rate: spread(each.map((run) => run.rate)),
    cpuUs: spread(each.map((run) => run.cpuUs)),
    walMb: each.reduce((sum, run) => sum + run.walMb, 0) / each.length,
  });
  return { off: summary(runs.off), on: summary(runs.on) };
}

async function addon(api: ApiClient, ref: string, addon_type: string, addon_variant: string): Promise<void> {
  const answer = await api.post(`/api/platform/projects/${ref}/billing/addons`, { addon_type, addon_variant });
  if (answer.status !== 202) throw new Error(`${addon_variant}: ${answer.status} ${JSON.stringify(answer.body)}`);
  await untilStatus(api, ref, 'ACTIVE_HEALTHY');
}

async function removeAddon(api: ApiClient, ref: string, variant: string): Promise<void> {
  const answer = await api.delete(`/api/platform/projects/${ref}/billing/addons/${variant}`);
  if (answer.status !== 202) throw new Error(`remove ${variant}: ${answer.status} ${JSON.stringify(answer.body)}`);
  await untilStatus(api, ref, 'ACTIVE_HEALTHY');
}

interface PitrStatus {
  latest_recoverable_at: string | null;
  archive_bytes: number | null;
  latest_restore: { status: string; error: string | null } | null;
}

async function pitrStatus(api: ApiClient, ref: string): Promise<PitrStatus> {
  return (await api.get<PitrStatus>(`/api/platform/database/${ref}/backups/pitr`)).body;
}

/** The newest recoverable second once the window reaches past `after`. */
async function recoverableSecondAfter(api: ApiClient, ref: string, after: number): Promise<number> {
  for (;;) {
    const latest = (await pitrStatus(api, ref)).latest_recoverable_at;
    if (latest && Date.parse(latest) / 1000 > after) return Math.floor(Date.parse(latest) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const seconds = (from: number) => (performance.now() - from) / 1000;

export function pitrTimes(): Promise<TableRow[]> {
  return onChildPlatform('Bench PITR', {}, async ({ api, slug, dataDir }) => {
    const instances = new EmbeddedDriver({ projectsDir: path.join(dataDir, 'projects') });
    await api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
    const project = await projectWithData(api, slug, 'Bench PITR', '17');
    await addon(api, project.ref, 'compute_instance', 'ci_small');
    await query(project.connectionString, 'create table events (id bigserial primary key, body text not null)');

    const { off, on } = await insertLoads(api, instances, project);
    const overhead = (on.cpuUs.median / off.cpuUs.median - 1) * 100;

    // ~900 MB more data, all of it in the WAL since the base backup taken when PITR was turned on.
    const walBefore = await walPosition(project);
    await query(project.connectionString, GROW_TO_1GB_SQL);
    await query(project.connectionString, "insert into events (body) values ('the last row before the point')");
    const grownAt = Date.now() / 1000;
    const walMb = ((await walPosition(project)) - walBefore) / 1e6;
    const database =
      (await query(project.connectionString, 'select pg_database_size(current_database())::float8 as bytes')).rows[0].bytes / 1e6;
    const target = await recoverableSecondAfter(api, project.ref, grownAt);
    const archived = (await pitrStatus(api, project.ref)).archive_bytes ?? 0;

    const restoreStarted = performance.now();
    const restore = await api.post(`/api/platform/database/${project.ref}/backups/pitr`, { recovery_time_target_unix: target });
    if (restore.status !== 202) throw new Error(`restore: ${restore.status} ${JSON.stringify(restore.body)}`);
    await untilStatus(api, project.ref, 'ACTIVE_HEALTHY');
    const restoreSeconds = seconds(restoreStarted);
    const restored = (await pitrStatus(api, project.ref)).latest_restore;
    if (restored?.status !== 'COMPLETED') throw new Error(`restore ended ${restored?.status}: ${restored?.error}`);

    const branchTarget = await recoverableSecondAfter(api, project.ref, Date.now() / 1000);
    const branchStarted = performance.now();
    const branch = await api.post<{ project_ref: string }>(`/api/v1/projects/${project.ref}/branches`, {
      branch_name: 'from-a-point',
      recovery_time_target: branchTarget,
    });
    if (branch.status !== 201) throw new Error(`branch: ${branch.status} ${JSON.stringify(branch.body)}`);
    await untilStatus(api, branch.body.project_ref, 'ACTIVE_HEALTHY');
    const branchSeconds = seconds(branchStarted);

    const rate = (s: Spread, cpu: Spread) =>
      `${Math.round(s.median)} inserts/s (min ${Math.round(s.min)}, max ${Math.round(s.max)}); ${Math.round(cpu.median)} µs instance CPU each`;
    const loadNote = `${CALLERS} callers on ${SESSIONS} sessions, ${LOAD_SECONDS} s × ${RUNS} alternated off/on, second process`;
    const size = `${database.toFixed(0)} MB database`;
    return [
      ['Single-row inserts, PITR off', rate(off.rate, off.cpuUs), '', `${loadNote}; ${off.walMb.toFixed(1)} MB/s of WAL`],
      [
        'Single-row inserts, PITR on',
        rate(on.rate, on.cpuUs),
        '',
        `${loadNote}; ${on.walMb.toFixed(1)} MB/s of WAL, each segment gzipped into the archive`,
      ],
      [
        'WAL archiving overhead on inserts',
        `${overhead.toFixed(1)}% more instance CPU per insert`,
        '≤ 10%',
        'median against median: CPU per insert holds steadier than inserts/s, which swing ±30% run to run here',
      ],
      [
        'Restore to a point → ACTIVE_HEALTHY',
        `${restoreSeconds.toFixed(1)} s`,
        '',
        `${size}, ${walMb.toFixed(0)} MB of WAL (${(archived / 1e6).toFixed(0)} MB gzipped in the archive) replayed from a ~100 MB base backup, then a new base backup; from the POST`,
      ],
      [
        'Branch from a point → ACTIVE_HEALTHY',
        `${branchSeconds.toFixed(1)} s`,
        'seconds',
        `${size} base backup (the one after the restore), little WAL; from the POST`,
      ],
    ];
  });
}
