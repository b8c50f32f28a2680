import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseLoadResult, type LoadResult } from './load-result.ts';
import type { RealtimeLoadConfig, RealtimeLoadResult } from './realtime-result.ts';

const HTTP_LOAD = fileURLToPath(new URL('./load.ts', import.meta.url));
const SQL_LOAD = fileURLToPath(new URL('./pg-load.ts', import.meta.url));
const REFRESH_LOAD = fileURLToPath(new URL('./refresh-load.ts', import.meta.url));
const REALTIME_LOAD = fileURLToPath(new URL('./realtime-load.ts', import.meta.url));
const FLOOR_SERVER = fileURLToPath(new URL('./floor-server.ts', import.meta.url));
// Resolved here so the child finds tsx whatever its working directory.
const TSX = import.meta.resolve('tsx');

/** HTTP GETs of `url` with the given headers, from load.ts in a second Node process. */
export function runLoad(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LoadResult> {
  return runLoadProcess(HTTP_LOAD, [url, String(connections), String(seconds)], { BENCH_HEADERS: JSON.stringify(headers) }, seconds);
}

/** Refresh grants POSTed to `url`, one connection per token, each following its own chain (refresh-load.ts). */
export function runRefreshLoad(
  url: string,
  headers: Record<string, string>,
  refreshTokens: string[],
  seconds: number,
): Promise<LoadResult> {
  const env = { BENCH_HEADERS: JSON.stringify(headers), BENCH_REFRESH_TOKENS: JSON.stringify(refreshTokens) };
  return runLoadProcess(REFRESH_LOAD, [url, String(seconds)], env, seconds);
}

/** One SQL statement, over and over from `callers` loops on a pool of `sessions`, from pg-load.ts in a second Node process. */
export function runSqlLoad(
  connectionString: string,
  statement: { text: string; values: unknown[] },
  callers: number,
  sessions: number,
  seconds: number,
): Promise<LoadResult> {
  const env = { BENCH_DATABASE_URL: connectionString, BENCH_QUERY: JSON.stringify(statement) };
  return runLoadProcess(SQL_LOAD, [String(callers), String(sessions), String(seconds)], env, seconds);
}

/** The realtime clients (realtime-load.ts) in a second Node process; `config` goes as JSON in BENCH_REALTIME, the answer comes back as JSON. */
export async function runRealtimeLoad(config: RealtimeLoadConfig, seconds: number): Promise<RealtimeLoadResult> {
  const printed = await runNodeScript(REALTIME_LOAD, [], { BENCH_REALTIME: JSON.stringify(config) }, seconds);
  try {
    return JSON.parse(printed) as RealtimeLoadResult;
  } catch {
    throw new Error(`realtime load process printed no result: ${printed}`);
  }
}

/** floor-server.ts in a process of its own, until stop(): its URL and pid (to charge its CPU). */
export function startFloorServer(connectionString: string, sessions: number): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, FLOOR_SERVER], {
      env: { ...process.env, BENCH_DATABASE_URL: connectionString, BENCH_SESSIONS: String(sessions) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`floor server ended with code ${code}: ${stderr.trim()}`)));
    child.stdout.once('data', (chunk: Buffer) =>
      resolve({
        url: chunk.toString().trim(),
        pid: child.pid!,
        stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill()))),
      }),
    );
  });
}

async function runLoadProcess(script: string, args: string[], env: Record<string, string>, seconds: number): Promise<LoadResult> {
  return parseLoadResult(await runNodeScript(script, args, env, seconds));
}

/** Runs `script` under tsx in a Node process of its own and answers what it printed on stdout. */
function runNodeScript(script: string, args: string[], env: Record<string, string>, seconds: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Generous: startup plus the run; a hung child must not hang the bench.
      timeout: (seconds + 30) * 1000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) return reject(new Error(`load process ended with ${signal ?? `code ${code}`}: ${stderr.trim()}`));
      resolve(stdout);
    });
  });
}
