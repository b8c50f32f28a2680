/**
 * What a project's data API costs the platform process in memory: a platform of its own (a child
 * process, so its RSS is its alone) with many running projects, each given a table, then queried
 * once through the gateway; its RSS read before and after the queries. The first query of a
 * project makes its pool, its session, its schema cache and the cache's listener.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ChildPlatform } from '../../packages/server/test/child-platform.ts';
import { ApiClient, query, uniqueEmail } from '../../packages/server/test/harness.ts';
import { anonHeaders, projectAccess, restUrl } from './project-access.ts';
import { createUntilHealthy } from './time-to-healthy.ts';

const TABLE_SQL = `create table public.items (id int primary key, name text not null);
insert into public.items select g, 'Item ' || g from generate_series(1, 10) g`;

export interface PoolMemory {
  projects: number;
  beforeMegabytes: number;
  afterMegabytes: number;
  perPoolMegabytes: number;
}

export async function poolMemory(projects: number): Promise<PoolMemory> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'basin-bench-memory-'));
  const child = await ChildPlatform.start(dataDir);
  try {
    const api = new ApiClient(child.url);
    await api.signUp(uniqueEmail('bench-memory'));
    const org = await api.post<{ slug: string }>('/api/platform/organizations', { name: 'Bench memory' });
    if (org.status !== 201) throw new Error(`create organization: ${org.status} ${JSON.stringify(org.body)}`);
    // The free plan's two active projects per member would refuse the rest.
    await api.put(`/api/platform/organizations/${org.body.slug}/billing/subscription`, { plan: 'pro' });
    const accesses = [];
    for (let i = 1; i <= projects; i++) {
      const { ref } = await createUntilHealthy(api, org.body.slug, `Memory ${i}`);
      const access = await projectAccess(api, ref);
      await query(access.connectionString, TABLE_SQL);
      accesses.push(access);
    }

    const before = await rssBytes(child.process.pid!);
    for (const access of accesses) {
      const response = await fetch(`${restUrl(child.url, access.ref)}/items?select=*`, { headers: anonHeaders(access) });
      if (response.status !== 200) throw new Error(`project ${access.ref} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
    const after = await rssBytes(child.process.pid!);
    const megabytes = (bytes: number) => bytes / 1e6;
    return {
      projects,
      beforeMegabytes: megabytes(before),
      afterMegabytes: megabytes(after),
      perPoolMegabytes: megabytes(after - before) / projects,
    };
  } finally {
    await child.interrupt();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The resident set of a process, from /proc (Linux). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}
