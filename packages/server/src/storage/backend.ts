/**
 * Where the bytes of objects live, behind a small interface: files (here) by default, or one S3
 * bucket (s3-backend.ts) when BASIN_STORAGE_BACKEND=s3. Every upload is a new immutable version
 * (`storage.objects.version`): the row names the version it points at, so a row and its bytes
 * change together when the row's transaction commits, two uploads of one key never write the same
 * file, and a copy can share the bytes. Moves are a copy, the row's update, then the old
 * version's removal.
 *
 * The file backend keeps `<BASIN_DATA_DIR>/storage/<ref>/<bucket>/<key>/<version>` (the layout of
 * Supabase Storage's own file backend). A version is written to `<root>/.tmp/` (same file system),
 * flushed to disk, then renamed into place: a crash leaves a stray temporary file, never half an
 * object. Nothing is held in memory: bodies are streamed through, hashed (MD5, the ETag) and
 * counted on the way, and refused as soon as they pass the size limit.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { link, mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { PlatformContext } from '../kernel/context.ts';
import type { ByteRange, ObjectLocation, StorageBackend, StoredBytes } from './backend-types.ts';
import { bytesUnder } from './disk-bytes.ts';
import { keyAlreadyExists, noSuchKey } from './errors.ts';
import { Meter } from './meter.ts';
import { S3Backend, s3Client } from './s3-backend.ts';

// The interface and its locations have a file of their own (the upload meter too, meter.ts): s3-backend.ts reads them.
export type { ByteRange, ObjectLocation, StorageBackend, StoredBytes } from './backend-types.ts';

/** A new version name for an upload or a copy. */
export const newVersion = () => randomUUID();

const isCode = (error: unknown, ...codes: string[]) =>
  error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');

export class FileBackend implements StorageBackend {
  constructor(readonly root: string) {}

  #path({ bucket, key, version }: ObjectLocation): string {
    return join(this.root, bucket, key, version);
  }

  /** A fresh temporary file name on the same file system as the objects. */
  async #temporary(): Promise<string> {
    const dir = join(this.root, '.tmp');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return join(dir, randomUUID());
  }

  /** Renames `temporary` to the version's path; a key whose path is taken by another key's folder is refused. */
  async #place(temporary: string, location: ObjectLocation): Promise<void> {
    const target = this.#path(location);
    try {
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await rename(temporary, target);
    } catch (error) {
      // `a/b` stored as a folder of versions, and `a/b/<that version's name>` asked for: one of
      // them cannot be a file and a folder at once.
      if (isCode(error, 'ENOTDIR', 'EEXIST', 'EISDIR', 'ENOTEMPTY')) throw keyAlreadyExists();
      throw error;
    }
  }

  async put(location: ObjectLocation, body: Readable, maxBytes: number): Promise<StoredBytes> {
    const temporary = await this.#temporary();
    const meter = new Meter(maxBytes);
    try {
      // `flush`: the bytes reach the disk (fsync) before the stream closes, so before the rename.
      await pipeline(body, meter, createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true }));
      await this.#place(temporary, location);
      return { size: meter.bytes, etag: meter.hash.digest('hex') };
    } catch (error) {
      body.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(location: ObjectLocation, range?: ByteRange): Promise<{ size: number; body: Readable }> {
    let file;
    try {
      file = await open(this.#path(location), 'r');
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) throw noSuchKey();
      throw error;
    }
    try {
      const { size } = await file.stat();
      // The open descriptor keeps the bytes readable even if the version is removed meanwhile.
      const body = file.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { size, body };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async size(location: ObjectLocation): Promise<number> {
    try {
      return (await stat(this.#path(location))).size;
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) throw noSuchKey();
      throw error;
    }
  }

  async copy(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    const temporary = await this.#temporary();
    try {
      // Versions are never rewritten, so a copy may share the bytes.
      await link(this.#path(from), temporary);
    } catch (error) {
      if (isCode(error, 'ENOENT', 'ENOTDIR')) throw noSuchKey();
      throw error;
    }
    try {
      await this.#place(temporary, to);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(locations: ObjectLocation[]): Promise<void> {
    for (const location of locations) {
      const path = this.#path(location);
      await rm(path, { force: true });
      await pruneEmptyFolders(dirname(path), join(this.root, location.bucket));
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(join(this.root, bucket), { recursive: true, force: true });
  }

  async removeAll(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }

  /** Every file under the project's folder, temporary ones (`.tmp`) included. */
  storedBytes(): Promise<number> {
    return bytesUnder(this.root);
  }
}

/** The project's backend: files under the platform's data directory. */
const projectRoot = (ctx: PlatformContext, ref: string) => join(ctx.config.dataDir, 'storage', ref);

/**
 * Where a project's image variants wait (transform.ts): on this machine whatever the backend,
 * beside the objects' folders and never in them (backups and branches copy those).
 */
export const variantsRoot = (ctx: PlatformContext, ref: string) => join(ctx.config.dataDir, 'storage', '.transforms', ref);

/** The folder of one stored version's variants. */
export const variantsDir = (ctx: PlatformContext, ref: string, { bucket, key, version }: ObjectLocation) =>
  join(variantsRoot(ctx, ref), bucket, key, version);

/** Removes the image variants of these versions (transform.ts), with the folders they leave empty. */
async function removeVariants(variants: string, locations: ObjectLocation[]): Promise<void> {
  for (const { bucket, key, version } of locations) {
    const dir = join(variants, bucket, key, version);
    await rm(dir, { recursive: true, force: true });
    await pruneEmptyFolders(dirname(dir), join(variants, bucket));
  }
}

/**
 * A backend as projects use it: its removals take the removed versions' image variants with
 * them, so a version's variants live exactly as long as it does, and a bucket's or the project's
 * go with them. A subclass (not a wrapper), so that backups still see a FileBackend's folder.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin constructor type
function removingVariants<Base extends new (...args: any[]) => StorageBackend>(base: Base) {
  return class extends base {
    variants = '';

    override async remove(locations: ObjectLocation[]): Promise<void> {
      await super.remove(locations);
      await removeVariants(this.variants, locations);
    }

    override async removeBucket(bucket: string): Promise<void> {
      await super.removeBucket(bucket);
      await rm(join(this.variants, bucket), { recursive: true, force: true });
    }

    override async removeAll(): Promise<void> {
      await super.removeAll();
      await rm(this.variants, { recursive: true, force: true });
    }
  };
}

const ProjectFileBackend = removingVariants(FileBackend);
const ProjectS3Backend = removingVariants(S3Backend);

/** Empty folders from `dir` up to (not including) `stop`. */
async function pruneEmptyFolders(dir: string, stop: string): Promise<void> {
  for (let current = dir; current.startsWith(`${stop}/`); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or gone): the folders above are not empty either
    }
  }
}

/** One S3 client per platform (its configuration object), whatever the project or request. */
const s3Clients = new WeakMap<S3Config, S3Client>();

function projectS3Backend(config: S3Config, ref: string, variants: string): S3Backend {
  let client = s3Clients.get(config);
  if (!client) s3Clients.set(config, (client = s3Client(config)));
  return Object.assign(new ProjectS3Backend({ client, bucket: config.bucket, root: `${config.prefix}${ref}/` }), { variants });
}

/** The project's backend, as the platform is configured (BASIN_STORAGE_BACKEND). */
export function storageBackend(ctx: PlatformContext, ref: string): StorageBackend {
  const config = ctx.config.storageBackend;
  if (config.kind === 's3') return projectS3Backend(config, ref, variantsRoot(ctx, ref));
  return Object.assign(new ProjectFileBackend(projectRoot(ctx, ref)), { variants: variantsRoot(ctx, ref) });
}

/**
 * Gives a branch with data its parent's files, as its database got the parent's rows. Files: hard
 * links, instant and without a second copy of the bytes, safe because a stored version never
 * changes (an upload writes a new one) and a removal only unlinks. S3: server-side copies under
 * the branch's ref. Uploads still under way stay behind; each attempt starts over.
 */
export async function cloneProjectFiles(ctx: PlatformContext, fromRef: string, toRef: string): Promise<void> {
  const config = ctx.config.storageBackend;
  if (config.kind === 's3')
    return projectS3Backend(config, fromRef, variantsRoot(ctx, fromRef)).cloneInto(
      projectS3Backend(config, toRef, variantsRoot(ctx, toRef)),
    );
  const from = projectRoot(ctx, fromRef);
  const to = projectRoot(ctx, toRef);
  await rm(to, { recursive: true, force: true });
  if (!existsSync(from)) return;
  await mkdir(dirname(to), { recursive: true });
  await promisify(execFile)('cp', ['-al', from, to]);
  await rm(join(to, '.tmp'), { recursive: true, force: true });
}

/** A web request body as a Node stream (an empty one when there is none). */
export function nodeStream(body: ReadableStream<Uint8Array> | null): Readable {
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
}
