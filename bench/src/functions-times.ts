/**
 * Edge functions: the cold start of a fresh Deno worker (from the request to the answer, each
 * run a newly deployed function), and warm invocations under load by the project's host.
 */
import { deployFunction } from '../../packages/server/test/functions-fixture.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { runLoad } from './load-process.ts';
import { anonHeaders, type ProjectAccess } from './project-access.ts';
import { spread } from './stats.ts';
import type { TableRow } from './table.ts';

const COLD_STARTS = 5;
const WARM_UP_SECONDS = 2;
const SOURCE = `Deno.serve((req) => Response.json({ ok: true, method: req.method }));`;

export interface FunctionsLoad {
  connections: number;
  seconds: number;
}

export async function functionsTimes(
  api: ApiClient,
  platformUrl: string,
  project: ProjectAccess,
  load: FunctionsLoad,
): Promise<TableRow[]> {
  const deploy = async (slug: string) => {
    const deployed = await deployFunction(api, project.ref, slug, { 'index.ts': SOURCE }, { entrypoint_path: 'index.ts' });
    if (deployed.status !== 201) throw new Error(`deploy ${slug}: ${deployed.status} ${JSON.stringify(deployed.body)}`);
  };
  // fetch cannot set Host: single requests go through the gateway's path prefix, the load by the project's host.
  const byPath = (slug: string) => `${platformUrl}/api/projects/${project.ref}/gateway/functions/v1/${slug}`;

  const cold: number[] = [];
  for (let i = 1; i <= COLD_STARTS; i++) {
    const slug = `cold-${i}`;
    await deploy(slug);
    const started = performance.now();
    const response = await fetch(byPath(slug), { headers: anonHeaders(project) });
    if (response.status !== 200) throw new Error(`cold start ${slug}: ${response.status} ${await response.text()}`);
    await response.json();
    cold.push(performance.now() - started);
  }

  await deploy('warm');
  const url = `${platformUrl}/functions/v1/warm`;
  const headers = { host: project.apiHost, ...anonHeaders(project) };
  await runLoad(url, headers, load.connections, WARM_UP_SECONDS);
  const warm = await runLoad(url, headers, load.connections, load.seconds);
  if (warm.total === 0 || warm.non2xx > 0) throw new Error(`function load: ${warm.non2xx} of ${warm.total} answers were not 2xx`);

  const coldStart = spread(cold);
  return [
    [
      'Edge function: cold start (fresh Deno worker)',
      `median ${coldStart.median.toFixed(0)} ms (min ${coldStart.min.toFixed(0)}, max ${coldStart.max.toFixed(0)})`,
      '',
      `from the request to the answer, a newly deployed function each time; ${COLD_STARTS} runs`,
    ],
    [
      'Edge function: warm invocations',
      `${Math.round(warm.requestsPerSecond)} req/s, p50 ${warm.latencyP50Ms} ms, p99 ${warm.latencyP99Ms} ms`,
      '',
      `one warm worker; by the project's host; ${load.connections} connections, ${load.seconds} s after ${WARM_UP_SECONDS} s of warm-up, second process; ${warm.total} requests, ${warm.errors} errors`,
    ],
  ];
}
