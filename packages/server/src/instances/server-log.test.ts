import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_DIRECTORY, SERVER_LOG, startLogTail } from './server-log.ts';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basin-server-log-'));
  dirs.push(dir);
  await mkdir(path.join(dir, LOG_DIRECTORY));
  await writeFile(path.join(dir, SERVER_LOG), 'LOG:  redirecting log output to logging collector process\n');
  return dir;
}

const fatal = (message: string) => `${JSON.stringify({ error_severity: 'FATAL', message })}\n`;

describe('startLogTail', () => {
  it('waits for the logging collector to write why the server gave up (Postgres 17 binds after starting it)', async () => {
    const dir = await dataDir();
    const jsonlog = path.join(dir, LOG_DIRECTORY, 'postgresql-20261201-000000.json');
    await writeFile(jsonlog, '');
    setTimeout(() => void writeFile(jsonlog, fatal('could not create any TCP/IP sockets')), 300);
    const tail = await startLogTail(dir);
    expect(tail).toContain('redirecting log output');
    expect(tail).toContain('FATAL:  could not create any TCP/IP sockets');
  });

  it('answers what there is when no FATAL line comes', async () => {
    expect(await startLogTail(await dataDir())).toBe('LOG:  redirecting log output to logging collector process\n');
  });
});
