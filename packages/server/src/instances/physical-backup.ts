/**
 * A physical backup of one embedded instance: its data directory as a .tar.gz whose root is the
 * data directory itself. To restore, extract it into an empty directory of mode 700 owned by the
 * user Postgres runs as, and start Postgres on it. Owners are not stored (a portable archive):
 * the uid of `postgres` differs from machine to machine.
 *
 * Follows "Making a Base Backup Using the Low Level API" in the Postgres docs:
 * - a stopped instance is archived as it is, with the WAL it needs to start (see wal-files.ts);
 * - a running one is copied between pg_backup_start and pg_backup_stop in one superuser session,
 *   then the WAL from the backup's start to its stop is added (as pg_basebackup --wal-method=fetch
 *   does), with a temporary replication slot keeping those segments from being recycled meanwhile,
 *   and the backup_label that pg_backup_stop returns. Started on that copy, Postgres replays the
 *   WAL to the end of the backup and is consistent. The copy goes to a staging directory first:
 *   the server keeps writing while we read, and files that grow, shrink or vanish mid-copy are
 *   fine for a copy (the WAL replay repairs them) but not for a tar header that states a size.
 * The files the docs say to omit (postmaster.pid, temporary files, pg_replslot, ...) are left out.
 *
 * The caller may put more in the archive beside the data directory (`alongside`): Postgres leaves
 * alone what it does not know in its data directory, so the archive still starts as it is.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { withAdmin } from './admin-session.ts';
import { SERVER_LOG } from './server-log.ts';
import { isPostmasterOf, readLock } from './postmaster.ts';
import { type ArchiveTree, writeTarGz } from './tar-gz.ts';
import type { Alongside, InstanceSpec } from './types.ts';
import { startWalFile, WAL_SEGMENT, walNeededToStart } from './wal-files.ts';

/** pg_backup_start runs a checkpoint: give it time on a busy instance. */
const BACKUP_QUERY_TIMEOUT_MS = 120_000;
/**
 * zlib's fastest level: on 126 MB of data it halved the time of level 6 (which pause waits for)
 * for archives ~8% larger.
 */
const GZIP_LEVEL = 1;

/** Files of the running server, not of its data; backup_label/tablespace_map we write ourselves. */
const SERVER_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', SERVER_LOG]);
/** Directories whose contents the server rebuilds at start: kept, empty. */
const EMPTIED_DIRS = new Set(['pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);
/** Which WAL segment files of pg_wal to take along. */
type SegmentFilter = (segment: string) => boolean;
/** The WAL of a running instance is added after pg_backup_stop, not copied with the rest. */
const NO_SEGMENTS: SegmentFilter = () => false;

/** Writes the backup of the instance whose data directory is `dataDir` to `archive` (a new file). */
export async function writePhysicalBackup(
  dataDir: string,
  spec: InstanceSpec,
  archive: string,
  alongside: Alongside = async () => [],
): Promise<void> {
  await refuseTablespaces(dataDir);
  if (await isRunning(dataDir)) {
    const staging = `${archive}.staging`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { mode: 0o700 });
    try {
      const more = await copyRunning(dataDir, spec, staging, alongside);
      await writeTarGz(archive, [{ cwd: staging, paths: await readdir(staging) }, ...more], GZIP_LEVEL);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } else {
    const segments = await walNeededToStart(dataDir);
    const keep = (path: string, isDirectory: boolean) => belongsInBackup(path, isDirectory, segments);
    const entries = (await readdir(dataDir, { withFileTypes: true })).filter((entry) => keep(entry.name, entry.isDirectory()));
    const more = await alongside();
    await writeTarGz(archive, [{ cwd: dataDir, paths: entries.map((entry) => entry.name), keep }, ...more], GZIP_LEVEL);
  }
}

/**
 * What a backup of the instance holds, as a directory at `target` (made here) instead of an
 * archive: a data directory another instance can start on. Preview branches start from one.
 */
export async function copyPhysically(dataDir: string, spec: InstanceSpec, target: string): Promise<void> {
  await refuseTablespaces(dataDir);
  await mkdir(target, { mode: 0o700 });
  if (await isRunning(dataDir)) await copyRunning(dataDir, spec, target, async () => []);
  else await copyTree(dataDir, target, '', await walNeededToStart(dataDir));
}

async function isRunning(dataDir: string): Promise<boolean> {
  const lock = await readLock(dataDir);
  return lock !== undefined && (await isPostmasterOf(lock.pid, dataDir));
}

/** Tablespaces live outside the data directory; members cannot make them (superuser only). */
async function refuseTablespaces(dataDir: string): Promise<void> {
  const tablespaces = await readdir(join(dataDir, 'pg_tblspc'));
  if (tablespaces.length) throw new Error('The instance has tablespaces, which physical backups do not cover');
}

function belongsInBackup(path: string, isDirectory: boolean, segments: SegmentFilter): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1]!;
  if (parts.length === 1) return !SERVER_FILES.has(name);
  if (name === 'pg_internal.init' || name.startsWith('pgsql_tmp')) return false;
  if (EMPTIED_DIRS.has(parts[0]!)) return false;
  if (parts[0] === 'pg_wal') {
    // Its subdirectories (archive_status, summaries) are kept, empty; timeline histories always.
    if (parts.length > 2) return false;
    return isDirectory || name.endsWith('.history') || (WAL_SEGMENT.test(name) && segments(name));
  }
  return true;
}

function copyRunning(dataDir: string, spec: InstanceSpec, target: string, alongside: Alongside): Promise<ArchiveTree[]> {
  return withAdmin(spec, BACKUP_QUERY_TIMEOUT_MS, (client) => copyDuringBackup(client, dataDir, target, alongside));
}

/**
 * The whole low-level backup in one session: ending the session (an error, a crash) aborts the
 * backup and drops the temporary slot on the server side.
 */
async function copyDuringBackup(client: pg.Client, dataDir: string, staging: string, alongside: Alongside): Promise<ArchiveTree[]> {
  const slot = `basin_backup_${randomBytes(8).toString('hex')}`;
  // Reserves WAL from the last checkpoint's redo point, before the backup's own checkpoint.
  await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
  await client.query('select pg_backup_start($1, fast => true)', [`basin ${slot}`]);
  await copyTree(dataDir, staging, '', NO_SEGMENTS);
  const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null; stop_wal_file: string }>(
    'select labelfile, spcmapfile, pg_walfile_name(lsn) as stop_wal_file from pg_backup_stop(wait_for_archive => false)',
  );
  const stop = rows[0]!;
  const more = await alongside();
  await copyWal(dataDir, staging, startWalFile(stop.labelfile), stop.stop_wal_file);
  await writeFile(join(staging, 'backup_label'), stop.labelfile, { mode: 0o600 });
  if (stop.spcmapfile) await writeFile(join(staging, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
  await client.query('select pg_drop_replication_slot($1)', [slot]);
  return more;
}

/** Copies what belongs in a backup; files removed while we copy are skipped. */
async function copyTree(from: string, to: string, relative: string, segments: SegmentFilter): Promise<void> {
  for (const entry of await readdirIfPresent(join(from, relative))) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (!belongsInBackup(path, entry.isDirectory(), segments)) continue;
    if (entry.isDirectory()) {
      await mkdir(join(to, path), { mode: 0o700 });
      await copyTree(from, to, path, segments);
    } else if (entry.isFile()) {
      // A clone where the file system can (btrfs, xfs), else a copy.
      await copyFile(join(from, path), join(to, path), constants.COPYFILE_FICLONE).catch(ignoreVanished);
    } else {
      throw new Error(`Physical backups copy plain files only; ${path} is not one`);
    }
  }
}

async function readdirIfPresent(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    ignoreVanished(error);
    return [];
  });
}

function ignoreVanished(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

/** The segments from the backup's start through its stop (timeline histories came with the copy). */
async function copyWal(dataDir: string, staging: string, first: string, last: string): Promise<void> {
  const names = await readdir(join(dataDir, 'pg_wal'));
  for (const needed of [first, last]) {
    if (!names.includes(needed)) throw new Error(`WAL segment ${needed} of the backup is missing`);
  }
  const wanted = names.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
  for (const name of wanted) await copyFile(join(dataDir, 'pg_wal', name), join(staging, 'pg_wal', name));
}
