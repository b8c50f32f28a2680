/**
 * Where and how project instances write their own log: jsonlog (PG15+) through the logging
 * collector, into `<data dir>/log/`, one file per rotation named by its UTC start time so that
 * names sort in time order and are never reused. The platform tails these files into
 * postgres_logs (logs/postgres-log-collector.ts) and removes each once it is read and rotated;
 * Postgres itself never removes them. Early start-up messages, before the collector runs, still go
 * to <data dir>/postgres.log.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const LOG_DIRECTORY = 'log';

export const JSONLOG_SETTINGS = {
  logging_collector: 'on',
  log_destination: 'jsonlog',
  log_directory: LOG_DIRECTORY,
  log_filename: 'postgresql-%Y%m%d-%H%M%S.log', // jsonlog writes <name>.json beside it
  log_rotation_size: '10MB',
  log_rotation_age: '1d',
  log_timezone: 'UTC',
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
  const newest = names.filter((name) => JSON_LOG_FILE.test(name)).sort().at(-1);
  return newest && join(dataDir, LOG_DIRECTORY, newest);
}
