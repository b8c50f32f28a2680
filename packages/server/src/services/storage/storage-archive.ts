/**
 * The storage archive (`POST/GET /platform/storage/{ref}/archive`): one zip of every bucket's
 * objects, `<bucket>/<object name>` per entry, built in the background and polled by the dashboard
 * every 5 s. The zip is streamed object by object from the storage backend to
 * `<BASIN_DATA_DIR>/storage-archives/<ref>/archive.zip` (written as `.partial`, then renamed), never
 * whole in memory; one file descriptor is open at a time. Its state is a small JSON file beside it,
 * so a restarted platform still answers for the last archive (one cut off by the restart reads as
 * failed). One archive per project: a new one replaces the last.
 */
import { STORAGE_MESSAGES, type StorageArchive } from '@basin/core/schemas';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { storageBackend } from '../../storage/backend.ts';
import { inTransaction, type StorageCaller } from '../../storage/db.ts';
import { HttpError, notFound } from '../../kernel/errors.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { memberCaller, storageProject } from './storage.ts';

type ArchiveState = Omit<StorageArchive, 'fileUrl'>;

const PAGE = 500;
/** Builds under way in this process, by project ref. */
const building = new Map<string, Promise<void>>();

const archiveDir = (ctx: PlatformContext, ref: string) => join(ctx.config.dataDir, 'storage-archives', ref);
const zipPath = (ctx: PlatformContext, ref: string) => join(archiveDir(ctx, ref), 'archive.zip');
const statePath = (ctx: PlatformContext, ref: string) => join(archiveDir(ctx, ref), 'archive.json');

async function readState(ctx: PlatformContext, ref: string): Promise<ArchiveState | undefined> {
  try {
    return JSON.parse(await readFile(statePath(ctx, ref), 'utf8')) as ArchiveState;
  } catch {
    return undefined;
  }
}

async function writeState(ctx: PlatformContext, ref: string, state: ArchiveState): Promise<void> {
  const temporary = `${statePath(ctx, ref)}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(state), { mode: 0o600 });
  await rename(temporary, statePath(ctx, ref));
}

const withUrl = (ref: string, state: ArchiveState): StorageArchive => ({
  ...state,
  fileUrl: state.status === 'READY' ? `/api/platform/storage/${ref}/archive/download` : null,
});

/** Starts a new archive (or answers the one being built). */
export async function startArchive(ctx: PlatformContext, ref: string, userId: string): Promise<StorageArchive> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'POST');
  if (building.has(ref)) {
    const current = await readState(ctx, ref);
    if (current) return withUrl(ref, current);
  }
  await mkdir(archiveDir(ctx, ref), { recursive: true, mode: 0o700 });
  const state: ArchiveState = {
    status: 'RUNNING',
    created_at: new Date().toISOString(),
    finished_at: null,
    objects: 0,
    size: null,
    error: null,
  };
  // Registered before the RUNNING state is on disk: a poll that reads it finds the build under way,
  // not an archive a restart cut off.
  const written = writeState(ctx, ref, state);
  const work = written
    .then(() => build(ctx, caller, state))
    .catch(async (error: unknown) => {
      ctx.logger.warn({ err: error, ref }, 'storage archive failed');
      await rm(`${zipPath(ctx, ref)}.partial`, { force: true });
      await writeState(ctx, ref, {
        ...state,
        status: 'FAILED',
        finished_at: new Date().toISOString(),
        error: error instanceof Error ? error.message : String(error),
      });
    })
    .finally(() => building.delete(ref));
  building.set(ref, work);
  await written;
  return withUrl(ref, state);
}

/** Writes the zip, then marks the archive READY. */
async function build(ctx: PlatformContext, caller: StorageCaller, state: ArchiveState): Promise<void> {
  const ref = caller.project.ref;
  const partial = `${zipPath(ctx, ref)}.partial`;
  const backend = storageBackend(ctx, ref);
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream as Readable, createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; a failure before then must not go unhandled
  // A missing or unreadable object fails the whole archive (its entries must match the objects).
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  let count = 0;
  try {
    const bucketIds = await inTransaction(
      caller,
      async (client) => (await client.query<{ id: string }>('select id from storage.buckets order by id collate "C"')).rows,
      {
        readOnly: true,
      },
    );
    for (const { id: bucket } of bucketIds) {
      let after = '';
      for (;;) {
        const rows = await inTransaction(
          caller,
          async (client) =>
            (
              await client.query<{ name: string; version: string | null; updated_at: Date }>(
                `select name, version, updated_at from storage.objects
                  where bucket_id = $1 and name collate "C" > $2 order by name collate "C" limit $3`,
                [bucket, after, PAGE],
              )
            ).rows,
          { readOnly: true },
        );
        for (const row of rows) {
          if (!row.version) continue; // a signed upload not made yet: no bytes
          const location = { bucket, key: row.name, version: row.version };
          zip.addReadStreamLazy(`${bucket}/${row.name}`, { mtime: row.updated_at }, (callback) => {
            backend.get(location).then(
              ({ body }) => {
                count++;
                body.on('error', (error: Error) => zip.emit('error', error));
                callback(null, body);
              },
              (error: unknown) =>
                callback(new Error(`${bucket}/${row.name}: ${error instanceof Error ? error.message : String(error)}`), undefined as never),
            );
          });
        }
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]!.name;
      }
    }
  } catch (error) {
    (zip.outputStream as Readable).destroy(error as Error);
    throw error;
  }
  zip.end();
  await written;
  await rename(partial, zipPath(ctx, ref));
  const { size } = await stat(zipPath(ctx, ref));
  await writeState(ctx, ref, { ...state, status: 'READY', finished_at: new Date().toISOString(), objects: count, size });
}

/** The last archive's state; 404 'Storage archive not found' before there is one. */
export async function archiveState(ctx: PlatformContext, ref: string, userId: string): Promise<StorageArchive> {
  await storageProject(ctx, ref, userId, 'storage:read');
  const state = await readState(ctx, ref);
  if (!state) throw new HttpError(404, STORAGE_MESSAGES.archiveNotFound);
  if (state.status === 'RUNNING' && !building.has(ref)) {
    // Cut off by a restart of the platform.
    return withUrl(ref, { ...state, status: 'FAILED', error: 'The platform restarted while the archive was created: create it again' });
  }
  return withUrl(ref, state);
}

/** The ready zip, streamed. */
export async function archiveFile(
  ctx: PlatformContext,
  ref: string,
  userId: string,
): Promise<{ body: Readable; size: number; createdAt: string }> {
  await storageProject(ctx, ref, userId, 'storage:read');
  const state = await readState(ctx, ref);
  if (!state || state.status !== 'READY') throw new HttpError(404, STORAGE_MESSAGES.archiveNotFound);
  try {
    const { size } = await stat(zipPath(ctx, ref));
    return { body: createReadStream(zipPath(ctx, ref)), size, createdAt: state.created_at };
  } catch {
    throw notFound('Storage archive');
  }
}

/** Waits for the project's archive under way, if any (tests, shutdown). */
export async function archiveBuilt(ref: string): Promise<void> {
  await building.get(ref);
}

/** Removes the project's archive (for the project's deletion). */
export async function removeStorageArchive(ctx: PlatformContext, ref: string): Promise<void> {
  await building.get(ref);
  await rm(archiveDir(ctx, ref), { recursive: true, force: true });
}
