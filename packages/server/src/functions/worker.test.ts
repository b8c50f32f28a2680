import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from './bundle.ts';
import { functionsConfigFromEnv } from './config.ts';
import { type Confinement, detectConfinement, makeRunRoot, makeWorkerRunDir } from './confinement.ts';
import { deniedHosts } from './host-addresses.ts';
import { denoArgs } from './sandbox.ts';
import { type ConsoleEvent, FunctionWorker } from './worker.ts';

// One worker on its own, without a platform: its idle stop and its console lines.

let dir: string;
let confinement: Confinement;
beforeAll(async () => {
  dir = makeRunRoot();
  confinement = await detectConfinement(functionsConfigFromEnv({}), dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a worker', () => {
  it('serves, keeps what the function prints, and stops once idle', async () => {
    const code = `console.log('module loaded'); Deno.serve((req) => { console.error('handling', req.method); return new Response('hi ' + Deno.env.get('WHO')); });`;
    const bundle = await ensureBundle(path.join(dir, 'root'), { ref: 'r', slug: 's', version: 1, entrypointPath: 'index.ts' }, async () => [
      { path: 'index.ts', content: Buffer.from(code) },
    ]);
    const events: ConsoleEvent[] = [];
    let exited = false;
    const runDir = makeWorkerRunDir(path.join(dir, 'w1'), confinement);
    const worker = new FunctionWorker({
      id: 'w1',
      confinement,
      dirs: { functionDir: bundle.dir, runDir },
      importMapPath: null,
      deniedHosts: deniedHosts(),
      env: { WHO: 'there' },
      runtimeEnv: { DENO_DIR: '/tmp/deno', NO_COLOR: '1' },
      limits: { ...functionsConfigFromEnv({}), idleTimeoutMs: 300 },
      onConsole: (event) => events.push(event),
      onExit: () => (exited = true),
    });
    await worker.start();
    const { response } = await worker.handle(new Request('http://localhost/s', { method: 'PUT', body: 'x' }), '/s', '127.0.0.1');
    expect(await response.text()).toBe('hi there');
    // A path Node will not send (an unescaped space) is the caller's mistake: 400, and the worker serves on.
    const refused = await worker.handle(new Request('http://localhost/s x'), '/s x', '127.0.0.1');
    expect(refused.response.status).toBe(400);
    expect(worker.alive).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(worker.alive).toBe(false);
    expect(exited).toBe(true);
    expect(events.map((e) => [e.eventType, e.level, e.message.replace(/\d+ms/, 'Nms')])).toEqual([
      ['Log', 'log', 'module loaded'],
      ['Boot', 'log', 'booted (time: Nms)'],
      ['Log', 'error', 'handling PUT'],
      ['Shutdown', 'log', 'worker stopped (idle), exit SIGTERM'],
    ]);
  });

  it('runs deno with the sandbox flags', () => {
    const args = denoArgs({
      dirs: { functionDir: '/f', runDir: '/r' },
      importMapPath: null,
      envNames: ['A', 'SUPABASE_URL'],
      deniedHosts: ['127.0.0.0/8', '[::1]'],
      limits: { memoryMb: 64, remoteImports: false },
    });
    expect(args).toEqual(
      expect.arrayContaining([
        '--no-prompt',
        '--allow-read=/f/bundle,/r/worker.sock,/r/gateway.sock',
        '--allow-write=/r/worker.sock,/r/gateway.sock',
        '--allow-net',
        '--deny-net=127.0.0.0/8,[::1]',
        '--deny-run',
        '--deny-ffi',
        '--allow-env=A,SUPABASE_URL',
        '--v8-flags=--max-old-space-size=64',
        '--no-remote',
        '--no-npm',
      ]),
    );
    expect(args.some((a) => a === '--allow-all' || a === '-A' || a.startsWith('--allow-run') || a.startsWith('--allow-ffi'))).toBe(false);
  });

  it('runs nowhere without bubblewrap unless the operator opts out, and says what to install', async () => {
    const config = functionsConfigFromEnv({});
    const missing = await detectConfinement(config, dir, ['/nonexistent/bwrap']);
    expect(missing).toEqual({ mode: 'unavailable', reason: expect.stringContaining('apt-get install bubblewrap') });
    expect(missing.mode === 'unavailable' && missing.reason).toContain('BASIN_FUNCTIONS_SANDBOX=off');
    expect(await detectConfinement({ ...config, sandbox: 'off' }, dir, ['/nonexistent/bwrap'])).toEqual({ mode: 'off' });
    expect(() => functionsConfigFromEnv({ BASIN_FUNCTIONS_SANDBOX: 'none' })).toThrow('BASIN_FUNCTIONS_SANDBOX must be bwrap or off');
  });
});
