/**
 * Preview branches with data: seconds from the POST to the branch ACTIVE_HEALTHY, at ~100 MB and
 * ~1 GB of parent data, beside `cp -a` of the same data directory (what a copy costs at the least).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedDriver } from '../../packages/server/src/instances/index.ts';
import type { PlatformContext } from '../../packages/server/src/kernel/context.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { query } from '../../packages/server/test/harness.ts';
import { type ProjectUnderTest, untilStatus } from './lifecycle-times.ts';
import { spread, type Spread } from './stats.ts';

const run = promisify(execFile);
const RUNS = 3;
const POLL_MS = 50;
/**
 * ~900 MB more rows, to grow the ~100 MB project to ~1 GB quickly: few, wide rows (1,888
 * characters: four to a page, inline and uncompressed, below the 2 kB at which Postgres
 * compresses), in a plain table (an unlogged one would not be copied).
 */
const GROW_TO_1GB_SQL = `insert into filler select g, repeat(md5(g::text), 59) from generate_series(350001, 820000) g`;

export interface BranchTimes {
  /** How much data, roughly. */
  data: string;
  /** The parent's database and its whole data directory (WAL included), in MB. */
  databaseMegabytes: number;
  directoryMegabytes: number;
  branch: Spread;
  copy: Spread;
}

/** Branch creation and `cp -a` at the project's current size, then again grown to ~1 GB. */
export async function branchTimes(platform: { ctx: PlatformContext }, api: ApiClient, project: ProjectUnderTest): Promise<BranchTimes[]> {
  const { driver } = platform.ctx;
  if (!(driver instanceof EmbeddedDriver)) throw new Error('Branch times need the embedded instance driver');
  const dataDir = driver.dataDir(project.ref);
  const times = [{ data: '~100 MB', ...(await timesAtCurrentSize(api, project, dataDir)) }];
  await query(project.connectionString, GROW_TO_1GB_SQL);
  times.push({ data: '~1 GB', ...(await timesAtCurrentSize(api, project, dataDir)) });
  return times;
}

/** The copies come after the branches, whose backups' checkpoints have written every page to the files. */
async function timesAtCurrentSize(api: ApiClient, project: ProjectUnderTest, dataDir: string): Promise<Omit<BranchTimes, 'data'>> {
  const branch: number[] = [];
  for (let i = 0; i < RUNS; i++) branch.push(await timeBranch(api, project.ref));
  const copy: number[] = [];
  for (let i = 0; i < RUNS; i++) copy.push(await timeCopy(dataDir));
  const { rows } = await query(project.connectionString, 'select pg_database_size(current_database())::float8 as bytes');
  return {
    databaseMegabytes: rows[0].bytes / 1e6,
    directoryMegabytes: (await directoryBytes(dataDir)) / 1e6,
    branch: spread(branch),
    copy: spread(copy),
  };
}

/** One branch with data, timed from before its POST to ACTIVE_HEALTHY, then deleted so that each run starts alike. */
async function timeBranch(api: ApiClient, parentRef: string): Promise<number> {
  const started = performance.now();
  const answer = await api.post<{ project_ref: string }>(`/api/v1/projects/${parentRef}/branches`, {
    branch_name: `bench-${Date.now()}`,
    with_data: true,
  });
  if (answer.status !== 201) throw new Error(`create branch: ${answer.status} ${JSON.stringify(answer.body)}`);
  await untilStatus(api, answer.body.project_ref, 'ACTIVE_HEALTHY');
  const seconds = (performance.now() - started) / 1000;
  await deleteProject(api, answer.body.project_ref);
  return seconds;
}

async function deleteProject(api: ApiClient, ref: string): Promise<void> {
  const answer = await api.delete(`/api/platform/projects/${ref}`);
  if (answer.status !== 200) throw new Error(`delete branch ${ref}: ${answer.status} ${JSON.stringify(answer.body)}`);
  while ((await api.get(`/api/platform/projects/${ref}`)).status !== 404) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/** Seconds of `cp -a` of the data directory into the temporary directory (the same file system here). */
async function timeCopy(dataDir: string): Promise<number> {
  const target = await mkdtemp(path.join(os.tmpdir(), 'basin-bench-copy-'));
  try {
    const started = performance.now();
    await run('cp', ['-a', dataDir, path.join(target, 'copy')]);
    return (performance.now() - started) / 1000;
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}

async function directoryBytes(dir: string): Promise<number> {
  const { stdout } = await run('du', ['-sb', dir]);
  return Number(stdout.split('\t')[0]);
}
