/** How edge function workers (one Deno process per function version) are run and limited. */
export interface FunctionsConfig {
  /** A worker with no request for this long is stopped (BASIN_FUNCTIONS_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** V8 heap of a worker (--max-old-space-size), in MB (BASIN_FUNCTIONS_MEMORY_MB). */
  memoryMb: number;
  /** Resident memory a worker may reach, in MB, beyond which it is stopped (buffers live outside the V8 heap). */
  rssLimitMb: number;
  /** CPU time one request may use, in ms (BASIN_FUNCTIONS_CPU_TIME_MS): beyond it the worker is stopped (546). */
  cpuTimeMs: number;
  /** Wall-clock time of one request, in ms (BASIN_FUNCTIONS_WALL_CLOCK_MS; 504 beyond). */
  wallClockMs: number;
  /** How long a worker may take to start listening, in ms (503 BOOT_ERROR beyond). */
  bootTimeoutMs: number;
  /** Workers kept at once (BASIN_FUNCTIONS_MAX_WORKERS); the least recently used idle one stops to make room. */
  maxWorkers: number;
  /** How often a busy worker's CPU time and memory are read from /proc, in ms. */
  watchIntervalMs: number;
  /**
   * Let workers fetch `npm:`, `jsr:` and URL imports (BASIN_FUNCTIONS_REMOTE_IMPORTS=1). Off by
   * default: a function runs what its bundle holds, and a remote import fails at boot at once.
   */
  remoteImports: boolean;
  /**
   * `bwrap` (default): every worker runs inside bubblewrap (see confinement.ts). `off`: the
   * operator's explicit choice to run workers under Deno's permissions alone (BASIN_FUNCTIONS_SANDBOX).
   */
  sandbox: 'bwrap' | 'off';
  /** The uid and gid workers run as when Basin runs as root (BASIN_FUNCTIONS_UID); no account is needed. */
  workerUid: number;
}

const numberFrom = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
};

export function functionsConfigFromEnv(env: NodeJS.ProcessEnv): FunctionsConfig {
  const memoryMb = numberFrom(env.BASIN_FUNCTIONS_MEMORY_MB, 150, 'BASIN_FUNCTIONS_MEMORY_MB');
  return {
    idleTimeoutMs: numberFrom(env.BASIN_FUNCTIONS_IDLE_TIMEOUT_MS, 120_000, 'BASIN_FUNCTIONS_IDLE_TIMEOUT_MS'),
    memoryMb,
    rssLimitMb: memoryMb + 256,
    cpuTimeMs: numberFrom(env.BASIN_FUNCTIONS_CPU_TIME_MS, 2_000, 'BASIN_FUNCTIONS_CPU_TIME_MS'),
    wallClockMs: numberFrom(env.BASIN_FUNCTIONS_WALL_CLOCK_MS, 150_000, 'BASIN_FUNCTIONS_WALL_CLOCK_MS'),
    bootTimeoutMs: 10_000,
    maxWorkers: numberFrom(env.BASIN_FUNCTIONS_MAX_WORKERS, 32, 'BASIN_FUNCTIONS_MAX_WORKERS'),
    watchIntervalMs: 100,
    remoteImports: env.BASIN_FUNCTIONS_REMOTE_IMPORTS === '1',
    sandbox: sandboxFrom(env.BASIN_FUNCTIONS_SANDBOX),
    workerUid: numberFrom(env.BASIN_FUNCTIONS_UID, 64_000, 'BASIN_FUNCTIONS_UID'),
  };
}

function sandboxFrom(value: string | undefined): FunctionsConfig['sandbox'] {
  if (value === undefined || value === '' || value === 'bwrap') return 'bwrap';
  if (value === 'off') return 'off';
  throw new Error(`BASIN_FUNCTIONS_SANDBOX must be bwrap or off, got ${value}`);
}
