/**
 * The data and auth APIs under load on a platform of their own, started as `npm start` runs it (a
 * child process with the default log level), so that the CPU time each request costs is the
 * platform's alone; the load comes from a third process (load-process.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ChildPlatform } from '../../packages/server/test/child-platform.ts';
import { ApiClient, uniqueEmail } from '../../packages/server/test/harness.ts';
import { authApiTimes } from './auth-api-times.ts';
import { dataApiTimes } from './data-api-times.ts';
import { projectAccess } from './project-access.ts';
import type { TableRow } from './table.ts';
import { createUntilHealthy } from './time-to-healthy.ts';

export async function apiTimes(load: { connections: number; seconds: number }): Promise<TableRow[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-bench-api-'));
  const child = await ChildPlatform.start(dataDir, undefined, { LOG_LEVEL: 'info' });
  try {
    const api = new ApiClient(child.url);
    await api.signUp(uniqueEmail('bench-api'));
    const org = await api.post<{ slug: string }>('/api/platform/organizations', { name: 'Bench APIs' });
    if (org.status !== 201) throw new Error(`create organization: ${org.status} ${JSON.stringify(org.body)}`);
    const data = await createUntilHealthy(api, org.body.slug, 'Data API');
    const auth = await createUntilHealthy(api, org.body.slug, 'Auth API');
    const measured = { ...load, platformPid: child.process.pid! };
    return [
      ...(await dataApiTimes(child.url, await projectAccess(api, data.ref), measured)),
      ...(await authApiTimes(api, child.url, await projectAccess(api, auth.ref), measured)),
    ];
  } finally {
    await child.interrupt();
    await rm(dataDir, { recursive: true, force: true });
  }
}
