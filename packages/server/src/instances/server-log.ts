/**
 * Where and how project instances write their own log: jsonlog (PG15+) through the logging
 * collector, into `<data dir>/log/`, one file per rotation named by its UTC start time so that
 * names sort in time order and are never reused. The platform tails these files into
 * postgres_logs (logs/postgres-log-collector.ts) and removes each once it is read and rotated;
 * Postgres itself never removes them. Early start-up messages, before the collector runs, still go
 * to <data dir>/postgres.log.
 */
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a server writes before its logging collector runs (and all along without jsonlog). */
export const SERVER_LOG = 'postgres.log';

export const LOG_DIRECTORY = 'log';

export const JSONLOG_SETTINGS = {
  logging_collector: 'on',
  log_destination: 'jsonlog',
  log_directory: LOG_DIRECTORY,
  log_filename: 'postgresql-%Y%m%d-%H%M%S.log', // jsonlog writes <name>.json beside it
  log_rotation_size: '10MB',
  log_rotation_age: '1d',
  log_file_mode: '0600',
} as const;

/** The jsonlog files. */
export const JSON_LOG_FILE = /^postgresql-\d{8}-\d{6}\.json$/;
/**
 * The collector's plain-text file of each rotation: what reached the server's stderr other than
 * through its logging (a library's own output); nothing the logs explorer shows.
 */
export const STDERR_LOG_FILE = /^postgresql-\d{8}-\d{6}\.log$/;

/** The path of the newest jsonlog file of a data directory; undefined when there is none. */
export async function newestJsonLog(dataDir: string): Promise<string | undefined> {
  const names = await readdir(join(dataDir, LOG_DIRECTORY)).catch(() => []);
  const newest = names
    .filter((name) => JSON_LOG_FILE.test(name))
    .sort()
    .at(-1);
  return newest && join(dataDir, LOG_DIRECTORY, newest);
}

/** How long a failed start's reason may take to reach the files (the logging collector outlives the server by a moment). */
const REASON_WAIT_MS = 2_000;
const REASON_POLL_MS = 50;

/** The line a server that gives up logs last: why it stopped. */
const FATAL_LINE = /\b(FATAL|PANIC):/;

/**
 * Why a start failed: the end of postgres.log, then of the newest jsonlog file. From its logging
 * collector's start on (which comes before the sockets in Postgres 17: a port taken is said
 * there), the server's messages go through that process, which writes them a moment after the
 * server is gone: read again until the FATAL line is there, for a while.
 */
export async function startLogTail(dir: string): Promise<string> {
  const deadline = Date.now() + REASON_WAIT_MS;
  for (;;) {
    const tail = await currentStartLogTail(dir);
    if (FATAL_LINE.test(tail) || Date.now() >= deadline) return tail;
    await new Promise((resolve) => setTimeout(resolve, REASON_POLL_MS));
  }
}

async function currentStartLogTail(dir: string): Promise<string> {
  const jsonlog = await newestJsonLog(dir);
  const logged = jsonlog
    ? (await logTail(jsonlog))
        .split('\n')
        .map(plainLine)
        .filter((line) => line !== undefined)
    : [];
  return [await logTail(join(dir, SERVER_LOG)), ...logged].join('\n');
}

/**
 * A jsonlog line as the plain log says it (`LOG:  could not bind ...`), so a failed start reads
 * the same whatever the log format; undefined for what is no whole JSON line (the tail's cut first one).
 */
function plainLine(line: string): string | undefined {
  try {
    const entry = JSON.parse(line) as { error_severity?: unknown; message?: unknown };
    return typeof entry.message === 'string' ? `${String(entry.error_severity ?? 'LOG')}:  ${entry.message}` : undefined;
  } catch {
    return undefined;
  }
}

/** The end of the server log: why a start failed (e.g. the port is taken). */
async function logTail(file: string, bytes = 4096): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, bytes));
    await handle.read(buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}
