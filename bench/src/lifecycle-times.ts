import type { ApiClient } from '../../packages/server/test/harness.ts';
import { query } from '../../packages/server/test/harness.ts';
import type { PlatformContext } from '../../packages/server/src/kernel/context.ts';
import { takeBackup } from '../../packages/server/src/services/backups/backups.ts';
import { findByRef } from '../../packages/server/src/store/projects.ts';
import { spread, type Spread } from './stats.ts';

const POLL_MS = 50;
const TIMEOUT_MS = 600_000;
/** ~100 MB of rows: 350,000 rows of a 256-character body plus tuple overhead. */
const FILLER_SQL = `create table filler as select g as id, repeat(md5(g::text), 8) as body from generate_series(1, 350000) g`;

export interface ProjectUnderTest {
  ref: string;
  connectionString: string;
}

/** Polls the status every 50 ms until it is `wanted`; fails fast on a *_FAILED status. */
export async function untilStatus(api: ApiClient, ref: string, wanted: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const { body } = await api.get<{ status: string }>(`/api/platform/projects/${ref}/status`);
    if (body.status === wanted) return;
    if (body.status.endsWith('FAILED')) throw new Error(`project ${ref} is ${body.status}`);
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`project ${ref} not ${wanted} in time`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A healthy project on the given major holding ~100 MB of data. */
export async function projectWithData(api: ApiClient, slug: string, name: string, major: string): Promise<ProjectUnderTest> {
  const created = await api.post<{ ref: string }>('/api/platform/projects', {
    name,
    organization_slug: slug,
    region: 'local',
    postgres_engine: major,
    release_channel: 'ga',
  });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
  await untilStatus(api, created.body.ref, 'ACTIVE_HEALTHY');
  const { body } = await api.get<{ connectionString: string }>(`/api/platform/projects/${created.body.ref}`);
  await query(body.connectionString, FILLER_SQL);
  return { ref: created.body.ref, connectionString: body.connectionString };
}

/** Seconds from the call that starts an operation to the status it ends in. */
export async function timeOperation(api: ApiClient, ref: string, call: () => Promise<{ status: number }>, ending: string): Promise<number> {
  const started = performance.now();
  const answer = await call();
  if (answer.status >= 300) throw new Error(`operation on ${ref} answered ${answer.status}: ${JSON.stringify(answer)}`);
  await untilStatus(api, ref, ending);
  return (performance.now() - started) / 1000;
}

/** Pause, restore and restart of one project, three times each. */
export async function pauseRestoreRestart(api: ApiClient, ref: string): Promise<Record<'pause' | 'restore' | 'restart', Spread>> {
  const times = { pause: [] as number[], restore: [] as number[], restart: [] as number[] };
  const path = `/api/platform/projects/${ref}`;
  for (let i = 0; i < 3; i++) {
    times.pause.push(await timeOperation(api, ref, () => api.post(`${path}/pause`), 'INACTIVE'));
    times.restore.push(await timeOperation(api, ref, () => api.post(`${path}/restore`, {}), 'ACTIVE_HEALTHY'));
    times.restart.push(await timeOperation(api, ref, () => api.post(`${path}/restart`), 'ACTIVE_HEALTHY'));
  }
  return { pause: spread(times.pause), restore: spread(times.restore), restart: spread(times.restart) };
}

/** Upgrade 15 → 17 of three projects with data; each upgrade needs a project still on 15. */
export async function upgrades(api: ApiClient, slug: string): Promise<Spread> {
  const times: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const project = await projectWithData(api, slug, `Upgrade ${i}`, '15');
    const upgrade = () => api.post(`/api/v1/projects/${project.ref}/upgrade`, { target_version: '17' });
    times.push(await timeOperation(api, project.ref, upgrade, 'ACTIVE_HEALTHY'));
  }
  return spread(times);
}

/** A physical backup of a running project, three times: seconds and archive size. */
export async function backups(platform: { ctx: PlatformContext }, ref: string): Promise<{ seconds: Spread; megabytes: number }> {
  const row = await findByRef(platform.ctx.db, ref);
  if (!row) throw new Error(`project ${ref} not found`);
  const seconds: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const backup = await takeBackup(platform.ctx, row, 'scheduled');
    seconds.push((performance.now() - started) / 1000);
    bytes = Number(backup.size_bytes);
  }
  return { seconds: spread(seconds), megabytes: bytes / 1e6 };
}
