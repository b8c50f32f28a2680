/**
 * A bench part on a platform of its own, started as `npm start` runs it (a child process), so
 * that the CPU time and memory the part reads are the platform's alone and the bench's own
 * clients never share its event loop; signed up, with an organization, and removed after.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ChildPlatform } from '../../packages/server/test/child-platform.ts';
import { ApiClient, uniqueEmail } from '../../packages/server/test/harness.ts';

export interface ChildRun {
  child: ChildPlatform;
  api: ApiClient;
  /** The organization's slug. */
  slug: string;
  /** The platform's data directory (BASIN_DATA_DIR). */
  dataDir: string;
}

export async function onChildPlatform<T>(
  name: string,
  env: NodeJS.ProcessEnv,
  work: (run: ChildRun) => Promise<T>,
  nodeArgs: string[] = [],
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-bench-'));
  const child = await ChildPlatform.start(dataDir, undefined, env, nodeArgs);
  try {
    const api = new ApiClient(child.url);
    await api.signUp(uniqueEmail('bench'));
    const org = await api.post<{ slug: string }>('/api/platform/organizations', { name });
    if (org.status !== 201) throw new Error(`create organization: ${org.status} ${JSON.stringify(org.body)}`);
    return await work({ child, api, slug: org.body.slug, dataDir });
  } finally {
    await child.interrupt();
    await rm(dataDir, { recursive: true, force: true });
  }
}
