import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseLoadResult, type LoadResult } from './load-result.ts';

const LOAD_SCRIPT = fileURLToPath(new URL('./load.ts', import.meta.url));
// Resolved here so the child finds tsx whatever its working directory.
const TSX = import.meta.resolve('tsx');

/** Runs load.ts in a second Node process against `url` and returns what it measured. */
export function runLoad(url: string, cookie: string, connections: number, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, LOAD_SCRIPT, url, String(connections), String(seconds)], {
      env: { ...process.env, BENCH_COOKIE: cookie },
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
      try {
        resolve(parseLoadResult(stdout));
      } catch (error) {
        reject(error);
      }
    });
  });
}
