/**
 * `npx tsx bench/src/profile-api.ts [seconds] [rest|user]`: where the platform's CPU goes while it
 * serves the data API's one-row GET (rest), or the auth API's `GET /user` (user), over and over. The platform runs as a child with `--cpu-prof` (as
 * `npm start` runs it otherwise), the load comes from a third process, and the profile's self
 * time is printed by function and by origin (Node internals, each package, Basin's own files).
 * The sampler counts wall time: a native call the scheduler preempts (writev waking the reader on
 * the other vCPU) shows more than the CPU it used, which the user and system figures printed first
 * (from /proc) do not.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onChildPlatform } from './child-platform-run.ts';
import { runLoad } from './load-process.ts';
import { cpuWindow } from './process-cpu.ts';
import { anonHeaders, type ProjectAccess, projectAccess, restByHost } from './project-access.ts';
import type { ApiClient } from '../../packages/server/test/harness.ts';
import { query } from '../../packages/server/test/harness.ts';
import { createUntilHealthy } from './time-to-healthy.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  /** µs on the machine's monotonic clock, as process.hrtime reads it in any process. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const CONNECTIONS = 50;
const TOP = 40;

/** Where a frame's code comes from: a package, Basin's own folder, Node itself, or the engine. */
function originOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /packages\/server\/src\/([^/]+)/.exec(url);
  return own ? `basin:${own[1]!.replace(/\.ts$/, '')}` : url;
}

/** Self time (ms) by key, from the samples taken inside the window (µs, monotonic clock). */
function selfTime(profile: CpuProfile, window: { from: number; to: number }, key: (node: ProfileNode) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window.from || at > window.to) return;
    const k = key(byId.get(id)!);
    totals.set(k, (totals.get(k) ?? 0) + delta / 1000);
  });
  return totals;
}

function printTop(title: string, totals: Map<string, number>, top: number): void {
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${title}`);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((ms / all) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

/** The data API's one-row GET, by the project's host. */
function restTarget(platformUrl: string, access: ProjectAccess) {
  const byHost = restByHost(platformUrl, access);
  return { url: `${byHost.url}/profiled?select=id,name&id=eq.1`, headers: byHost.headers };
}

/** `GET /auth/v1/user` with a signed-up user's access token, by the project's host. */
async function userTarget(api: ApiClient, platformUrl: string, access: ProjectAccess) {
  await api.patch(`/api/platform/auth/${access.ref}/config`, { MAILER_AUTOCONFIRM: true });
  const signUp = await fetch(`${platformUrl}/api/projects/${access.ref}/gateway/auth/v1/signup`, {
    method: 'POST',
    headers: { ...anonHeaders(access), 'content-type': 'application/json' },
    body: JSON.stringify({ email: `profile-${Date.now()}@example.com`, password: 'profile password 1' }),
  });
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  return {
    url: `${platformUrl}/auth/v1/user`,
    headers: { host: access.apiHost, ...anonHeaders(access), authorization: `Bearer ${token}` },
  };
}

const seconds = Number(process.argv[2] ?? 10);
const target = process.argv[3] ?? 'rest';
if (target !== 'rest' && target !== 'user') throw new Error(`Profile rest or user, not ${target}`);
const microsecondsNow = () => Number(process.hrtime.bigint() / 1000n);
let window = { from: 0, to: Infinity };
const profileDir = await mkdtemp(path.join(os.tmpdir(), 'basin-profile-'));

await onChildPlatform(
  'Profile',
  { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  async ({ child, api, slug }) => {
    const { ref } = await createUntilHealthy(api, slug, 'Profile');
    const access = await projectAccess(api, ref);
    await query(
      access.connectionString,
      'create table public.profiled (id int primary key, name text); insert into public.profiled values (1, $$one$$); notify pgrst, $$reload schema$$;',
    );
    const { url, headers } = target === 'rest' ? restTarget(child.url, access) : await userTarget(api, child.url, access);
    await runLoad(url, headers, CONNECTIONS, 2);
    const from = microsecondsNow();
    const cpu = await cpuWindow(child.process.pid!);
    const result = await runLoad(url, headers, CONNECTIONS, seconds);
    const { userMs, systemMs } = await cpu();
    window = { from, to: microsecondsNow() };
    const each = (ms: number) => ((ms * 1000) / result.total).toFixed(0);
    console.log(
      `${Math.round(result.requestsPerSecond)} req/s, ${result.non2xx} not 2xx; platform CPU each: ${each(userMs + systemMs)} µs (${each(userMs)} user, ${each(systemMs)} system)`,
    );
  },
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);

// The profile is written as the child exits; tsx's own process and the platform's helpers (esbuild)
// write one too: the platform's is the one that was busiest in the window.
const files = await readdir(profileDir);
const profiles = await Promise.all(
  files.map(async (file) => JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile),
);
const busy = (profile: CpuProfile) =>
  [...selfTime(profile, window, (n) => n.callFrame.functionName)].reduce((sum, [name, ms]) => (name === '(idle)' ? sum : sum + ms), 0);
const platform = profiles.sort((a, b) => busy(b) - busy(a))[0]!;
printTop(
  'Self time by origin',
  selfTime(platform, window, (n) => originOf(n.callFrame.url, n.callFrame.functionName)),
  TOP,
);
printTop(
  'Self time by function',
  selfTime(
    platform,
    window,
    (n) =>
      `${n.callFrame.functionName || '(anonymous)'}  ${originOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`,
  ),
  TOP,
);
console.log(`\nProfiles in ${profileDir}`);
