import { readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../src/functions/bundle.ts';
import { functionsRuntime } from '../src/functions/runtime.ts';
import * as functionsStore from '../src/store/functions.ts';
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
  // 1 s of CPU: on a loaded machine the memory bomb spends up to 0.4 s before its heap runs out.
  project = await startFunctionsProject({ cpuTimeMs: 1_000, memoryMb: 48, rssLimitMb: 400, wallClockMs: 3_000, idleTimeoutMs: 60_000 });
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

/** Every file under `dir`, found by walking it (as the platform's user). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });

/**
 * A member's code that names host files in literal imports (which Deno's loader reads without
 * --allow-read) and in every other way: stored straight into the platform's store, as if the deploy
 * check (a second layer) had missed it, so that only the OS sandbox stands in the way.
 */
async function storeUnchecked(slug: string, code: string, extra: Record<string, string> = {}) {
  const files = Object.entries({ 'index.ts': code, ...extra }).map(([file, content]) => ({ path: file, content: Buffer.from(content) }));
  const row = await functionsStore.deploy(project.platform.ctx.db, {
    ref: project.ref,
    slug,
    name: slug,
    verifyJwt: true,
    entrypointPath: 'index.ts',
    importMapPath: null,
    staticPatterns: [],
    sha256: `unchecked-${slug}`,
    files,
  });
  return { row, files };
}

describe('the OS sandbox', () => {
  it("reads none of the machine's files, whatever the form: the secret, stored files, other functions, the platform database", async () => {
    const { ctx } = project.platform;
    const service = { apikey: project.keys.service, authorization: `Bearer ${project.keys.service}` };
    expect(
      (await fetch(`${project.apiUrl}/storage/v1/bucket`, { method: 'POST', headers: service, body: JSON.stringify({ name: 'private' }) }))
        .status,
    ).toBe(200);
    const stored = await fetch(`${project.apiUrl}/storage/v1/object/private/note.txt`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'text/plain' },
      body: 'stored-file-contents',
    });
    expect(stored.status).toBe(200);
    const dataDir = ctx.config.dataDir;
    const targets = {
      secret: path.join(dataDir, 'secret.key'),
      stored: filesUnder(path.join(dataDir, 'storage', project.ref)).find((file) => readFileSync(file, 'utf8') === 'stored-file-contents')!,
      otherFunction: path.join(functionsRuntime(ctx).versionsDir(project.ref), 'other', 'v1', 'bundle', 'index.ts'),
      platformDatabase: path.join(dataDir, 'platform', 'PG_VERSION'),
    };
    for (const file of Object.values(targets)) expect(statSync(file).isFile()).toBe(true);
    // Long enough not to turn up in a path or a pid by chance (PG_VERSION holds "17").
    const contents = Object.values(targets)
      .map((file) => readFileSync(file, 'utf8').trim())
      .filter((content) => content.length >= 10);

    const attempts: string[] = [];
    for (const [name, file] of Object.entries(targets)) {
      const url = `file://${file}`;
      for (const type of ['text', 'bytes', 'json'])
        attempts.push(
          `${JSON.stringify(`${name}/${type}`)}: () => import(${JSON.stringify(url)}, { with: { type: ${JSON.stringify(type)} } }),`,
        );
      attempts.push(`${JSON.stringify(`${name}/module`)}: () => import(${JSON.stringify(url)}),`);
      attempts.push(`${JSON.stringify(`${name}/readFile`)}: () => Deno.readTextFile(${JSON.stringify(file)}),`);
      attempts.push(`${JSON.stringify(`${name}/proc-root`)}: () => Deno.readTextFile(${JSON.stringify(`/proc/self/root${file}`)}),`);
      attempts.push(
        `${JSON.stringify(`${name}/proc-root-import`)}: () => import(${JSON.stringify(`file:///proc/self/root${file}`)}, { with: { type: 'text' } }),`,
      );
    }
    attempts.push(`"symlink": () => import("./linked.txt", { with: { type: "text" } }),`);
    attempts.push(`"platform-environ": () => Deno.readTextFile(${JSON.stringify(`/proc/${process.pid}/environ`)}),`);
    attempts.push(
      `"platform-environ-import": () => import(${JSON.stringify(`file:///proc/${process.pid}/environ`)}, { with: { type: 'text' } }),`,
    );
    const code = `
const attempts: Record<string, () => Promise<unknown>> = {
${attempts.join('\n')}
};
Deno.serve(async () => {
  const results: Record<string, unknown> = {};
  for (const [name, attempt] of Object.entries(attempts)) {
    try {
      const value: any = await attempt();
      results[name] = { ok: true, value: String(value?.default ?? value) };
    } catch (error) {
      results[name] = { ok: false, message: String((error as Error).message) };
    }
  }
  return Response.json(results);
});`;
    const { row, files } = await storeUnchecked('stealer', code);
    // A symlink inside the version's files (no upload can make one; the sandbox must hold anyway).
    const version = await ensureBundle(
      path.dirname(functionsRuntime(ctx).versionsDir(project.ref)),
      { ref: project.ref, slug: 'stealer', version: row.version, entrypointPath: 'index.ts' },
      async () => files,
    );
    symlinkSync(targets.secret, path.join(version.bundleDir, 'linked.txt'));

    const response = await invoke('stealer');
    const text = await response.text();
    expect(response.status, text).toBe(200);
    for (const content of contents) expect(text).not.toContain(content);
    const results = JSON.parse(text) as Record<string, { ok: boolean; message?: string }>;
    expect(Object.keys(results)).toHaveLength(attempts.length);
    for (const [name, result] of Object.entries(results)) expect(result.ok, `${name}: ${JSON.stringify(result)}`).toBe(false);
  });

  it('refuses a static import of a host file at boot, with nothing of the file in the answer', async () => {
    const secret = path.join(project.platform.ctx.config.dataDir, 'secret.key');
    await storeUnchecked(
      'static-stealer',
      `import secret from ${JSON.stringify(`file://${secret}`)} with { type: "text" };\nDeno.serve(() => new Response(secret));`,
    );
    const response = await invoke('static-stealer');
    const text = await response.text();
    expect(response.status, text).toBe(503);
    expect(text).not.toContain(readFileSync(secret, 'utf8').trim());
  });

  it('runs workers as an unprivileged user of their own when the platform runs as root', async () => {
    const { pid } = await invokeJson('sandbox/pid');
    expect(pid).toBe(2); // its own PID namespace: only the sandbox's init comes before it
    if (process.getuid?.() !== 0) return;
    const uids = workerPids().map((worker) => /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${worker}/status`, 'utf8'))![1]);
    expect(uids.length).toBeGreaterThan(0);
    expect(new Set(uids)).toEqual(new Set([String(project.platform.ctx.config.functions.workerUid)]));
  });

  it("keeps Basin's data directory and secret to Basin's user", () => {
    const { dataDir } = project.platform.ctx.config;
    expect(statSync(dataDir).mode & 0o077 & ~0o010).toBe(0); // at most the postgres group may pass through
    expect(statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses to run functions where no sandbox is available, and the dashboard is told why', async () => {
    const runtime = functionsRuntime(project.platform.ctx);
    const confinement = runtime.confinement.bind(runtime);
    const reason = 'bubblewrap (bwrap) is not installed. Install bubblewrap';
    runtime.confinement = async () => ({ mode: 'unavailable', reason }); // a machine without bwrap
    try {
      const response = await invoke('other');
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 503,
        body: { code: 'BOOT_ERROR', message: `Edge functions cannot run on this server: ${reason}` },
      });
      const status = await project.owner.get(`/api/platform/projects/${project.ref}/functions/runtime`);
      expect(status).toMatchObject({ status: 200, body: { sandbox: 'unavailable', reason } });
    } finally {
      runtime.confinement = confinement;
    }
    expect((await project.owner.get(`/api/platform/projects/${project.ref}/functions/runtime`)).body).toEqual({
      sandbox: 'bwrap',
      reason: null,
    });
  });
});
