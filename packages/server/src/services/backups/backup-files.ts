/**
 * A project's stored files in its physical backups, beside its database: the file backend's
 * `<bucket>/<key>/<version>` tree under `basin_storage/` at the archive's root (Postgres leaves
 * that folder alone when it starts on the extracted data directory).
 *
 * The snapshot is a tree of hard links made in a staging folder the moment the database's copy
 * ends (right after pg_backup_stop while the instance runs): a stored version is never rewritten
 * (an upload writes a new one, a removal only unlinks), so the links keep the bytes of that moment
 * however long the archive takes. Versions whose rows committed before the backup's end are in
 * it; uploads still under way (`.tmp`) are not. A project whose files are elsewhere (the S3
 * backend) has none here: copying a bucket's worth into each archive would fill the disk S3 spares,
 * so the bucket's own versioning keeps them (README, Storage: what S3 installs set up).
 */
import { constants, type Dirent } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveTree } from '../../instances/tar-gz.ts';
import { FileBackend, storageBackend } from '../../storage/backend.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** The archive's folder of the project's stored files. */
export const BACKUP_FILES_DIR = 'basin_storage';

/** Where the backend writes a version before it is whole: never part of a snapshot. */
const UPLOADS_UNDER_WAY = '.tmp';

/** The folder of the project's files on this machine; undefined when its backend keeps them elsewhere. */
function filesRoot(ctx: PlatformContext, ref: string): string | undefined {
  const backend = storageBackend(ctx, ref);
  return backend instanceof FileBackend ? backend.root : undefined;
}

/**
 * Links the project's stored files into `staging/basin_storage` (`staging` is made here and is
 * the caller's to remove) and answers that folder as a tree of the archive; nothing when the
 * project has no files on this machine.
 */
export async function snapshotStoredFiles(ctx: PlatformContext, ref: string, staging: string): Promise<ArchiveTree[]> {
  const root = filesRoot(ctx, ref);
  if (!root) return [];
  const top = await entriesOf(root);
  if (!top.some((entry) => entry.name !== UPLOADS_UNDER_WAY)) return [];
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, BACKUP_FILES_DIR), { recursive: true, mode: 0o700 });
  for (const entry of top) {
    if (entry.name === UPLOADS_UNDER_WAY) continue;
    await linkEntry(join(root, entry.name), join(staging, BACKUP_FILES_DIR, entry.name), entry);
  }
  return [{ cwd: staging, paths: [BACKUP_FILES_DIR] }];
}

async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  for (const entry of await entriesOf(from)) await linkEntry(join(from, entry.name), join(to, entry.name), entry);
}

/** A folder is walked, a file linked (copied across file systems); a version removed meanwhile is skipped. */
async function linkEntry(from: string, to: string, entry: Dirent): Promise<void> {
  if (entry.isDirectory()) return linkTree(from, to);
  if (!entry.isFile()) return; // the backend makes only folders and files
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EXDEV') throw error;
    await copyFile(from, to, constants.COPYFILE_FICLONE).catch(ignoreVanished);
  }
}

async function entriesOf(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    ignoreVanished(error);
    return [];
  });
}

function ignoreVanished(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
