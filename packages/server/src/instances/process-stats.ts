/**
 * What Linux counts for a running instance: its postmaster and every process below it (backends,
 * background workers and whatever they start), read from /proc.
 *
 * CPU time and I/O are cumulative, and the kernel adds a reaped child's totals to its parent's
 * (cutime/cstime in stat, and /proc/<pid>/io), so the sum over the live processes of the tree only
 * grows while the postmaster lives: the difference between two readings is what the instance did.
 */
import { readdir, readFile } from 'node:fs/promises';
import { isPostmasterOf, readLock } from './postmaster.ts';
import type { InstanceStats } from './types.ts';

/** USER_HZ, the unit of CPU times in /proc: 100 on every architecture Node runs Linux on. */
const TICKS_PER_SECOND = 100;

/** Each process's children, from one pass over /proc; a sampling round shares it between instances. */
export type ProcessChildren = Map<number, number[]>;

interface Stat {
  ppid: number;
  startTicks: number;
  /** The process's own CPU ticks plus those of its children that it has reaped. */
  cpuTicks: number;
}

/** Fields after the command name, which may itself hold spaces and parentheses. */
function parseStat(text: string): Stat {
  const fields = text
    .slice(text.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const field = (n: number) => fields[n - 3] ?? 0; // numbered as in proc(5), the state being field 3
  return { ppid: field(4), startTicks: field(22), cpuTicks: field(14) + field(15) + field(16) + field(17) };
}

const isGone = (error: unknown) => ['ENOENT', 'ESRCH'].includes((error as NodeJS.ErrnoException).code ?? '');
const isRefused = (error: unknown) => ['EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '');

async function readStat(pid: number): Promise<Stat | undefined> {
  try {
    return parseStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/**
 * Each process's children, from a pass over /proc at most `maxAgeMs` old: the readings of one
 * sampling round share a pass instead of making one each. A child started since the pass is
 * left out of this reading and counted in the next (or in its parent's totals once reaped).
 */
export function recentProcessChildren(maxAgeMs: number): () => Promise<ProcessChildren> {
  let last: { at: number; children: Promise<ProcessChildren> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > maxAgeMs) {
      const pass = { at: Date.now(), children: readProcessChildren() };
      pass.children.catch(() => {
        if (last === pass) last = undefined; // a failed pass is not reused
      });
      last = pass;
    }
    return last.children;
  };
}

export async function readProcessChildren(): Promise<ProcessChildren> {
  const children: ProcessChildren = new Map();
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  for (const pid of pids) {
    const stat = await readStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  return children;
}

function descendants(pid: number, children: ProcessChildren): number[] {
  const found: number[] = [];
  for (let queue = [...(children.get(pid) ?? [])]; queue.length;) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** A number read from a /proc file of one process: undefined when the process is gone, null when refused. */
async function readCounter(
  path: string,
  pattern: RegExp,
  toNumber: (match: RegExpMatchArray) => number,
): Promise<number | null | undefined> {
  try {
    const match = (await readFile(path, 'utf8')).match(pattern);
    return match ? toNumber(match) : null;
  } catch (error) {
    if (isGone(error)) return undefined;
    if (isRefused(error)) return null;
    throw error;
  }
}

const readIoBytes = (pid: number) =>
  readCounter(`/proc/${pid}/io`, /read_bytes: (\d+)\nwrite_bytes: (\d+)/, (m) => Number(m[1]) + Number(m[2]));
const readPssBytes = (pid: number) => readCounter(`/proc/${pid}/smaps_rollup`, /^Pss:\s+(\d+) kB/m, (m) => Number(m[1]) * 1024);

/** Adds up a counter; one refusal makes the whole sum unknown, a process gone meanwhile counts as none. */
function total(values: (number | null | undefined)[]): number | null {
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value ?? 0;
  }
  return sum;
}

interface ProcessCounters {
  stat: Stat | undefined;
  io: number | null | undefined;
  pss: number | null | undefined;
}

async function readProcess(pid: number): Promise<ProcessCounters> {
  const [stat, io, pss] = await Promise.all([readStat(pid), readIoBytes(pid), readPssBytes(pid)]);
  return { stat, io, pss };
}

/**
 * The counters of the instance whose data directory is `dataDir`, undefined when it is not running:
 * the instance is its postmaster's pid and start time; memory is the proportional set size, so
 * pages the processes share (shared_buffers) count once; I/O and memory are null when the kernel
 * refuses to tell (it takes root or the owner).
 * The postmaster is read before its children: a child reaped meanwhile then shows up in the
 * postmaster's totals at the next reading, never twice in this one.
 */
export async function instanceProcessStats(dataDir: string, children: ProcessChildren): Promise<InstanceStats | undefined> {
  const lock = await readLock(dataDir);
  if (!lock || !(await isPostmasterOf(lock.pid, dataDir))) return undefined;
  const root = await readProcess(lock.pid);
  if (!root.stat) return undefined;
  const processes = [root, ...(await Promise.all(descendants(lock.pid, children).map(readProcess)))];
  return {
    instance: `${lock.pid}:${root.stat.startTicks}`,
    cpuSeconds: processes.reduce((sum, { stat }) => sum + (stat?.cpuTicks ?? 0), 0) / TICKS_PER_SECOND,
    cpuCores: null,
    ioBytes: total(processes.map(({ io }) => io)),
    memoryBytes: total(processes.map(({ pss }) => pss)),
  };
}
