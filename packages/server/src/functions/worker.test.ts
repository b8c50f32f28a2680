import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from './bundle.ts';
import { functionsConfigFromEnv } from './config.ts';
import { deniedHosts } from './host-addresses.ts';
import { denoArgs } from './sandbox.ts';
import { type ConsoleEvent, FunctionWorker } from './worker.ts';

// One worker on its own, without a platform: its idle stop and its console lines.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'basin-worker-'));
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
    const worker = new FunctionWorker({
      id: 'w1',
      ...bundle,
      importMapPath: null,
      listenSocket: path.join(dir, 'w1.sock'),
      gatewaySocket: path.join(dir, 'w1.gw.sock'),
      deniedHosts: deniedHosts(),
      env: { WHO: 'there' },
      runtimeEnv: { DENO_DIR: path.join(dir, 'deno'), NO_COLOR: '1' },
      limits: { ...functionsConfigFromEnv({}), idleTimeoutMs: 300 },
      onConsole: (event) => events.push(event),
      onExit: () => (exited = true),
    });
    await worker.start();
    const { response } = await worker.handle(new Request('http://localhost/s', { method: 'PUT', body: 'x' }), '/s', '127.0.0.1');
    expect(await response.text()).toBe('hi there');
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
      bundleDir: '/b',
      mainFile: '/m.js',
      importMapPath: null,
      listenSocket: '/l.sock',
      gatewaySocket: '/g.sock',
      envNames: ['A', 'SUPABASE_URL'],
      deniedHosts: ['127.0.0.0/8', '[::1]'],
      limits: { memoryMb: 64, remoteImports: false },
    });
    expect(args).toEqual(
      expect.arrayContaining([
        '--no-prompt',
        '--allow-read=/b,/l.sock,/g.sock',
        '--allow-write=/l.sock,/g.sock',
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
});
