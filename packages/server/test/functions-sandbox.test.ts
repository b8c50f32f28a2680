import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployFunction, type FunctionsProject, startFunctionsProject } from './functions-fixture.ts';

// What a function may not do: each attempt is refused by Deno's permissions, or the worker is
// killed with a clear answer, and the platform and the project's other functions keep serving.
// Short limits keep the suite quick.

const SANDBOX = `
const attempt = async (what: () => Promise<unknown> | unknown) => {
  try {
    return Response.json({ ok: true, value: await what() });
  } catch (error) {
    return Response.json({ ok: false, error: (error as Error).name, message: (error as Error).message });
  }
};

Deno.serve(async (req) => {
  const url = new URL(req.url);
  const action = url.pathname.split('/')[2];
  switch (action) {
    case 'loop':
      for (;;) {}
    case 'leak': {
      // 8 MB of doubles a step: nothing in them for the collector to trace, so the heap limit comes
      // long before the CPU limit (an array of strings spent 2.5 s of CPU in the collector's last tries).
      const kept: number[][] = [];
      for (;;) kept.push(new Array(1_000_000).fill(kept.length + 0.5));
    }
    case 'buffers': {
      const kept: Uint8Array[] = [];
      for (;;) {
        kept.push(new Uint8Array(8 * 1024 * 1024).fill(1));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    case 'sleep':
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      return new Response('woke up');
    case 'exit':
      Deno.exit(3);
    case 'passwd':
      return attempt(() => Deno.readTextFile('/etc/passwd'));
    case 'write':
      return attempt(() => Deno.writeTextFile('./evil.txt', 'x'));
    case 'command':
      // By absolute path: a bare name is not even found, the worker having no PATH.
      return attempt(() => new Deno.Command('/usr/bin/id').output());
    case 'ffi':
      return attempt(() => Deno.dlopen('libc.so.6', {}));
    case 'environ':
      return attempt(() => Deno.readTextFile('/proc/self/environ'));
    case 'other-environ':
      return attempt(() => Deno.readTextFile('/proc/' + url.searchParams.get('pid') + '/environ'));
    case 'env-object':
      return attempt(() => Object.keys(Deno.env.toObject()));
    case 'env':
      return attempt(() => Deno.env.get(url.searchParams.get('name')!) ?? null);
    case 'fetch':
      return attempt(async () => (await fetch(url.searchParams.get('url')!, { signal: AbortSignal.timeout(2000) })).status);
    case 'connect':
      return attempt(async () => (await Deno.connect({ hostname: url.searchParams.get('host')!, port: Number(url.searchParams.get('port')) })).close());
    case 'pid':
      return Response.json({ pid: Deno.pid });
    default:
      return new Response('sandbox ready');
  }
});
`;

/** Deno workers running now (their main module is Basin's bootstrap). */
const workerPids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('basin-main.js');
      } catch {
        return false;
      }
    })
    .map(Number);

let project: FunctionsProject;
let headers: Record<string, string>;
const invoke = (path: string) => fetch(`${project.apiUrl}/functions/v1/${path}`, { headers });
const invokeJson = async (path: string) => (await invoke(path)).json() as Promise<any>;

/** The platform still answers its own API and a function that was warm before. */
async function stillServing() {
  expect((await project.owner.get(`/api/platform/projects/${project.ref}/status`)).status).toBe(200);
  const other = await invoke('other');
  expect(other.status).toBe(200);
  expect(await other.text()).toBe('still here');
}

beforeAll(async () => {
  project = await startFunctionsProject({ cpuTimeMs: 400, memoryMb: 48, rssLimitMb: 400, wallClockMs: 1_500, idleTimeoutMs: 60_000 });
  headers = { apikey: project.keys.anon, authorization: `Bearer ${project.keys.anon}` };
  for (const [slug, code] of [
    ['sandbox', SANDBOX],
    ['other', `Deno.serve(() => new Response('still here'));`],
    ['uses-npm', `import _ from 'npm:lodash@4';\nDeno.serve(() => new Response(String(_)));`],
  ]) {
    const deployed = await deployFunction(project.owner, project.ref, slug!, { 'index.ts': code! }, { entrypoint_path: 'index.ts' });
    expect(deployed.status).toBe(201);
  }
  await project.owner.post(`/api/v1/projects/${project.ref}/secrets`, [{ name: 'SHARED_SECRET', value: 'only-via-env' }]);
  expect(await (await invoke('other')).text()).toBe('still here');
  expect(await (await invoke('sandbox')).text()).toBe('sandbox ready');
});

afterAll(async () => {
  await project?.platform.destroy();
});

describe('refused by the permissions', () => {
  it('cannot read files outside its bundle, write, run programs or load native code', async () => {
    for (const action of ['passwd', 'write', 'command', 'ffi', 'environ']) {
      expect(await invokeJson(`sandbox/${action}`), action).toMatchObject({ ok: false, error: 'NotCapable' });
    }
  });

  it("cannot read the platform's environment or another worker's", async () => {
    // Names outside its own read as unset; the permission underneath refuses them anyway.
    expect(await invokeJson('sandbox/env?name=PATH')).toEqual({ ok: true, value: null });
    expect(await invokeJson('sandbox/env?name=DENO_DIR')).toEqual({ ok: true, value: null });
    expect((await invokeJson('sandbox/env-object')).value.sort()).toEqual([
      'SHARED_SECRET',
      'SUPABASE_ANON_KEY',
      'SUPABASE_DB_URL',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_URL',
    ]);
    expect(await invokeJson('sandbox/env?name=SHARED_SECRET')).toEqual({ ok: true, value: 'only-via-env' });
    const { pid } = await invokeJson('sandbox/pid');
    const otherWorker = workerPids().find((p) => p !== pid);
    expect(otherWorker).toBeDefined();
    expect(await invokeJson(`sandbox/other-environ?pid=${otherWorker}`)).toMatchObject({ ok: false, error: 'NotCapable' });
    expect(await invokeJson(`sandbox/other-environ?pid=${process.pid}`)).toMatchObject({ ok: false, error: 'NotCapable' });
  });

  it("cannot reach this machine's ports: the metadata Postgres, the project's instance, the platform itself", async () => {
    const metadataPort = new URL((project.platform.ctx.db as unknown as { options: { connectionString: string } }).options.connectionString)
      .port;
    const instancePort = (await project.platform.ctx.db.query('select port from projects where ref = $1', [project.ref])).rows[0].port;
    const platformPort = new URL(project.platform.url).port;
    for (const port of [metadataPort, instancePort, platformPort]) {
      const tcp = await invokeJson(`sandbox/connect?host=127.0.0.1&port=${port}`);
      expect(tcp, `tcp ${port}`).toMatchObject({ ok: false, error: 'NotCapable' });
      const http = await invokeJson(`sandbox/fetch?url=${encodeURIComponent(`http://localhost:${port}/`)}`);
      expect(http.ok, `http ${port}`).toBe(false);
      expect(http.message).toContain('Requires net access');
    }
  });
});

describe('killed at its limits', () => {
  it('stops an infinite loop at the CPU limit with 546 WORKER_LIMIT', async () => {
    const response = await invoke('sandbox/loop');
    expect(response.status).toBe(546);
    expect(await response.json()).toEqual({ code: 'WORKER_LIMIT', message: expect.stringContaining('CPU time limit') });
    await stillServing();
  });

  it('stops a memory bomb with 546 WORKER_LIMIT', async () => {
    const response = await invoke('sandbox/leak');
    expect(response.status).toBe(546);
    expect(await response.json()).toEqual({ code: 'WORKER_LIMIT', message: expect.stringContaining('memory limit') });
    await stillServing();
  });

  it('stops memory held outside the heap (buffers) at the resident limit', async () => {
    const response = await invoke('sandbox/buffers');
    expect(response.status).toBe(546);
    expect(((await response.json()) as any).code).toBe('WORKER_LIMIT');
    await stillServing();
  });

  it('answers 504 at the wall-clock limit, the worker living on', async () => {
    const response = await invoke('sandbox/sleep');
    expect(response.status).toBe(504);
    expect(((await response.json()) as any).code).toBe('WORKER_TIMEOUT');
    expect(await (await invoke('sandbox')).text()).toBe('sandbox ready');
  });

  it('answers 500 WORKER_ERROR when the function exits, and starts again on the next request', async () => {
    const response = await invoke('sandbox/exit');
    expect(response.status).toBe(500);
    expect(((await response.json()) as any).code).toBe('WORKER_ERROR');
    expect(await (await invoke('sandbox')).text()).toBe('sandbox ready');
    await stillServing();
  });

  it('fails fast with 503 BOOT_ERROR and a clear message for imports that need the network', async () => {
    const started = performance.now();
    const response = await invoke('uses-npm');
    expect(response.status).toBe(503);
    const body = (await response.json()) as any;
    expect(body.code).toBe('BOOT_ERROR');
    expect(body.message).toContain('npm');
    expect(body.message).toContain('relative path');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
