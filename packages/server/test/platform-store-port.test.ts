import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PlatformConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { startPlatformStore } from '../src/store/embedded.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it('moves the platform store to a free port when another program holds the one it kept', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'basin-store-port-'));
  await chmod(dataDir, 0o755); // the instances' system user reaches its data directory below
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  const taken = (holder.address() as { port: number }).port;
  await writeFile(path.join(dataDir, 'platform.json'), JSON.stringify({ port: taken }));

  const store = await startPlatformStore(
    { dataDir } as PlatformConfig,
    'a secret of at least thirty-two characters!!',
    createLogger('silent'),
  );
  cleanups.push(() => store.stop());
  const { port } = JSON.parse(await readFile(path.join(dataDir, 'platform.json'), 'utf8')) as { port: number };
  expect(port).not.toBe(taken);
  expect(store.connectionString).toContain(`:${port}/`);
}, 120_000);
