/**
 * Continuous WAL archiving of an embedded instance, for point-in-time recovery: while a project
 * has the `pitr` add-on, its server copies each finished WAL segment into the project's archive
 * directory (beside its data directory, like the Vault key: readable by the instance's system user
 * alone, never by members, who cannot change server settings either).
 *
 * Postgres itself runs `archive_command` and retries it until it succeeds, so nothing is lost when
 * the platform is down. Segments are gzipped (a segment closed early is mostly empty and shrinks to
 * a few kB) and written under a temporary name first, so a file with a segment's name is whole.
 * An existing file is replaced: a new history of the instance (a major upgrade makes one) reuses
 * names, and what it replaces lies before the platform's recoverable window.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

const SUFFIX = '.gz';
/** A segment, the partial last segment of a timeline left behind, or a backup's history file. */
const SEGMENT_FILE = /^[0-9A-F]{24}(\.partial|\.[0-9A-F]{8}\.backup)?$/;
/**
 * A busy instance fills segments by itself; a quiet one is made to close its segment at least
 * this often, which bounds what a lost data directory could lose. Restores switch segments
 * themselves, so they reach the very last second.
 */
const ARCHIVE_TIMEOUT = '5min';
/** How long a restore waits for the server to archive the segment it just closed. */
const ARCHIVED_WAIT_MS = 60_000;
const POLL_MS = 100;

/** Server settings that archive into `dir` (the path is the platform's, shell-safe by construction). */
export function archiveSettings(dir: string): Record<string, string> {
  assertShellSafe(dir);
  return {
    archive_mode: 'on',
    archive_command: `gzip -1 -c %p > ${dir}/%f${SUFFIX}.part && mv ${dir}/%f${SUFFIX}.part ${dir}/%f${SUFFIX}`,
    archive_timeout: ARCHIVE_TIMEOUT,
  };
}

/** Settings that replay from `dir`: a file that is not there answers nonzero, as recovery expects. */
export function restoreSettings(dir: string): Record<string, string> {
  assertShellSafe(dir);
  return { restore_command: `test -f ${dir}/%f${SUFFIX} && gzip -d -c ${dir}/%f${SUFFIX} > %p` };
}

/** A time as recovery_target_time (and CloudNativePG's targetTime) reads it: not ISO 8601's `T`/`Z` form. */
export const recoveryTargetTime = (time: Date) => `${time.toISOString().replace('T', ' ').replace('Z', '')}+00`;

function assertShellSafe(dir: string): void {
  if (!/^[\w./-]+$/.test(dir)) throw new Error(`The WAL archive path ${JSON.stringify(dir)} has characters a shell would read`);
}

/** Bytes in the archive (0 when there is none). */
export async function archiveBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await namesIn(dir))
    total += await stat(join(dir, name)).then(
      (s) => s.size,
      () => 0,
    );
  return total;
}

/**
 * Removes the segments archived before `before`: a segment archived then holds only WAL written
 * before it, which no base backup that started at `before` or later needs. Timeline histories stay
 * (tiny, and recovery reads them to follow a timeline).
 */
export async function pruneArchive(dir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await namesIn(dir)) {
    if (!SEGMENT_FILE.test(name.slice(0, -SUFFIX.length))) continue;
    const path = join(dir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Infinity }));
    if (mtimeMs >= before.getTime()) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
}

/**
 * Closes the segment being written and waits until the server has archived it: afterwards the
 * archive holds every transaction committed before the call.
 */
export async function archiveCurrentSegment(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ file: string }>('select pg_walfile_name(pg_switch_wal()) as file');
  const closed = rows[0]!.file;
  const deadline = Date.now() + ARCHIVED_WAIT_MS;
  for (;;) {
    const { rows: status } = await client.query<{ archived: string | null; failed: string | null }>(
      'select last_archived_wal as archived, last_failed_wal as failed from pg_stat_archiver',
    );
    const { archived, failed } = status[0]!;
    // Names of one timeline sort in WAL order; a switch on an idle server may close an older name.
    if (archived !== null && archived.slice(8) >= closed.slice(8)) return;
    if (Date.now() > deadline)
      throw new Error(`The server did not archive WAL segment ${closed}${failed ? ` (failing at ${failed})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** What the server says of its archiving: when it last archived a segment and whether it is failing now. */
export async function archiverStatus(client: pg.Client): Promise<{ lastArchivedAt: Date | null; failing: boolean }> {
  const { rows } = await client.query<{ last_archived_time: Date | null; last_failed_time: Date | null }>(
    'select last_archived_time, last_failed_time from pg_stat_archiver',
  );
  const { last_archived_time: archived, last_failed_time: failed } = rows[0]!;
  return { lastArchivedAt: archived, failing: failed !== null && (archived === null || failed > archived) };
}
