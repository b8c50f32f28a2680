/**
 * A running Postgres server seen from outside: its `postmaster.pid` lock file and its process.
 * Works the same for servers we spawned and servers an earlier platform process left running,
 * which is what lets the driver adopt and stop those.
 */
import { readFileSync } from 'node:fs';
import { readFile, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 10;

export interface PostmasterLock {
  pid: number;
  port: number;
  /** 'starting' | 'ready' | 'stopping' | 'standby' (line 8 of the lock file). */
  status: string;
}

export function lockFile(dataDir: string): string {
  return join(dataDir, 'postmaster.pid');
}

/** The lock file's contents, or undefined when there is none (or it is still being written). */
export async function readLock(dataDir: string): Promise<PostmasterLock | undefined> {
  let text: string;
  try {
    text = await readFile(lockFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port: Number(lines[3]), status: lines[7]?.trim() ?? 'starting' };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process that has exited but not been reaped yet (a server we spawned and that was killed,
 * before Node collects it): signals still reach its pid, but nothing runs there any more.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false; // no /proc here: trust the signal
  }
}

/**
 * Whether `pid` is the server of `dataDir`, not a stranger that got the pid of a server that
 * died without removing its lock file (common after a reboot). A postmaster's working
 * directory is its data directory; where /proc cannot tell, we trust the lock file.
 */
export async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    return (await readlink(`/proc/${pid}/cwd`)) === (await realpath(dataDir));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' || isAlive(pid);
  }
}

/** Waits until `pid` serves `dataDir` and accepts connections, or exits, or time runs out. */
export async function waitUntilReady(dataDir: string, pid: number, timeoutMs: number): Promise<'ready' | 'exited' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return 'exited';
    const lock = await readLock(dataDir);
    if (lock?.pid === pid && lock.status === 'ready') return 'ready';
    await sleep(POLL_MS);
  }
  return 'timeout';
}

/** Sends a signal; a process that is already gone is fine. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/**
 * Fast shutdown (SIGINT: sessions are ended, a checkpoint is written); when that hangs,
 * immediate shutdown (SIGQUIT: crash recovery runs at the next start).
 */
export async function stopPostmaster(pid: number, timeoutMs: number): Promise<void> {
  signal(pid, 'SIGINT');
  if (await waitForExit(pid, timeoutMs)) return;
  signal(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, timeoutMs))) throw new Error(`Postgres (pid ${pid}) did not stop`);
}
