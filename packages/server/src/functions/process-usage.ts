/** A worker's CPU time and resident memory, read from /proc (Linux); null where there is no /proc. */
import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of CPU times in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

export interface ProcessUsage {
  /** User and system CPU time of all the process's threads, in ms. */
  cpuMs: number;
  /** Resident set size, in MB. */
  rssMb: number;
}

/** Synchronous on purpose: two small reads of procfs, done at a request's start and on a timer. */
export function readUsage(pid: number): ProcessUsage | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 (utime) and 15 (stime) of proc(5); the state is field 3, the first here.
    const ticks = Number(fields[14 - 3]) + Number(fields[15 - 3]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssMb: Math.round(rssKb / 102.4) / 10 };
  } catch {
    return null;
  }
}
