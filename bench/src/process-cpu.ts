/** A process's CPU time, read from /proc by its pid (Linux): how the bench charges the platform, not itself. */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface CpuTime {
  userMs: number;
  systemMs: number;
  wallMs: number;
}

let ticksPerSecond: number | undefined;

/** The process's CPU time so far, in ms (all its threads). */
async function processCpu(pid: number): Promise<{ userMs: number; systemMs: number }> {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / ticksPerSecond!;
  return { userMs: ms(fields[11]), systemMs: ms(fields[12]) };
}

/** Starts a CPU window on `pid`; calling what it answers ends it. */
export async function cpuWindow(pid: number): Promise<() => Promise<CpuTime>> {
  const start = await processCpu(pid);
  const startedAt = performance.now();
  return async () => {
    const end = await processCpu(pid);
    return { userMs: end.userMs - start.userMs, systemMs: end.systemMs - start.systemMs, wallMs: performance.now() - startedAt };
  };
}

/** Microseconds of CPU per request (or message) over a window. */
const microsecondsEach = (cpu: CpuTime, count: number) => ((cpu.userMs + cpu.systemMs) * 1000) / count;

/** A load's result with the microseconds of `pid`'s CPU time each of its requests cost. */
export async function chargingCpuTo<R extends { total: number }>(pid: number, load: () => Promise<R>): Promise<R & { cpuEachUs: number }> {
  const cpu = await cpuWindow(pid);
  const result = await load();
  return { ...result, cpuEachUs: microsecondsEach(await cpu(), result.total) };
}
