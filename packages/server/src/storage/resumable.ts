/**
 * Resumable uploads at `/storage/v1/upload/resumable`: the TUS 1.0 protocol as Supabase Storage
 * serves it to tus-js-client and Uppy (metadata `bucketName`, `objectName`, `contentType`,
 * `cacheControl`, `metadata`; `x-upsert` on the creating request). @tus/server speaks the
 * protocol and keeps the partial file under `<BASIN_DATA_DIR>/storage/.resumable/`; the bytes
 * become an object only once all of them arrived, through the same path as any upload
 * (upload.ts): limits and the caller's policies are asked when the upload is created and again
 * when it completes, so a refused upload never stores a byte in the backend.
 *
 * An upload belongs to the project and to the user who created it: its id starts with the
 * project's ref, and only that user (or the service role) may ask for its offset, continue it or
 * cancel it. Unfinished uploads expire after a day (STORAGE_RESUMABLE_CLEANUP removes them).
 */
import { FileStore } from '@tus/file-store';
import { type Upload, Server } from '@tus/server';
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlatformContext } from '../kernel/context.ts';
import { ownerOf, type StorageCaller } from './db.ts';
import { bytesUnder } from './disk-bytes.ts';
import { asStorageError, invalidRequest, routeNotFound, StorageApiError } from './errors.ts';
import { checkBucketId, checkKey } from './paths.ts';
import { DEFAULT_CONTENT_TYPE } from './content-type.ts';
import { admitUpload, cacheControlOf, type IncomingFile, parseUserMetadata, uploadObject } from './upload.ts';

export const RESUMABLE_PATH = '/storage/v1/upload/resumable';
/** An unfinished upload may be continued for a day, as on Supabase. */
const EXPIRY_MS = 24 * 60 * 60 * 1000;
const ID_PATTERN = /^([a-z0-9]+)-[0-9a-f]{32}$/;
/** Metadata Basin adds to an upload when it is created (a client's own values are replaced). */
const UPSERT = 'basinUpsert';
const UPLOADER = 'basinUploader';

const resumableDir = (ctx: PlatformContext) => join(ctx.config.dataDir, 'storage', '.resumable');

/** The caller of each request handed to the TUS server, for its hooks (they get the request only). */
const callers = new WeakMap<Request, StorageCaller>();
const servers = new WeakMap<PlatformContext, Server>();

function callerOf(request: Request): StorageCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('A resumable upload request reached the TUS server without its caller');
  return caller;
}

/** Who may continue an upload: the user's id, or '' for a request with no user (a key alone). */
const uploaderOf = (caller: StorageCaller) => ownerOf(caller.auth).ownerId ?? '';

/** The object an upload's metadata names, checked like a path of the API. */
function targetOf(upload: Upload, upsert: boolean) {
  const metadata = upload.metadata ?? {};
  if (!metadata.bucketName) throw invalidRequest('The upload metadata must name the bucket (bucketName)');
  if (!metadata.objectName) throw invalidRequest('The upload metadata must name the object (objectName)');
  return {
    bucket: checkBucketId(metadata.bucketName),
    key: checkKey(metadata.objectName),
    upsert,
  };
}

function fileOf(upload: Upload): Omit<IncomingFile, 'body'> {
  const metadata = upload.metadata ?? {};
  return {
    contentType: metadata.contentType || DEFAULT_CONTENT_TYPE,
    cacheControl: cacheControlOf(metadata.cacheControl ?? undefined),
    contentEncoding: undefined,
    userMetadata: parseUserMetadata(metadata.metadata ?? undefined),
    declaredLength: upload.size,
  };
}

function serverFor(ctx: PlatformContext): Server {
  const existing = servers.get(ctx);
  if (existing) return existing;
  const datastore = new FileStore({ directory: resumableDir(ctx), expirationPeriodInMilliseconds: EXPIRY_MS });
  const server = new Server({
    path: RESUMABLE_PATH,
    datastore,
    maxSize: ctx.config.storageMaxFileSize,
    namingFunction: (request) => `${callerOf(request as Request).project.ref}-${randomBytes(16).toString('hex')}`,
    // Relative to the creating request's URL, so it holds whatever prefix or host the client used.
    generateUrl: (_request, { id }) => `resumable/${id}`,
    async onIncomingRequest(request, id) {
      const caller = callerOf(request as Request);
      if (ID_PATTERN.exec(id)?.[1] !== caller.project.ref) throw notFound();
      if (request.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => {
        throw notFound();
      });
      const service = caller.auth.role === 'service_role';
      if (!service && upload.metadata?.[UPLOADER] !== uploaderOf(caller)) throw notFound();
    },
    async onUploadCreate(request, upload) {
      const caller = callerOf(request as Request);
      if (upload.sizeIsDeferred) throw invalidRequest('A resumable upload must state its size (Upload-Length)');
      const target = targetOf(upload, caller.headers['x-upsert']?.toLowerCase() === 'true');
      await admitUpload(caller, target, fileOf(upload));
      return { metadata: { ...upload.metadata, [UPSERT]: String(target.upsert), [UPLOADER]: uploaderOf(caller) } };
    },
    async onUploadFinish(request, upload) {
      const caller = callerOf(request as Request);
      try {
        const file = { ...fileOf(upload), body: datastore.read(upload.id) };
        await uploadObject(caller, targetOf(upload, upload.metadata?.[UPSERT] === 'true'), file);
      } finally {
        // Stored or refused, the upload is over: asking for its offset now answers 404.
        await datastore.remove(upload.id).catch(() => undefined);
      }
      return {};
    },
    onResponseError(request, error) {
      const known = asStorageError(error);
      if (known instanceof StorageApiError) return { status_code: known.status, body: JSON.stringify(known.body()) };
      if (error instanceof Error) ctx.logger.error({ err: error, ref: callerOf(request as Request).project.ref }, 'resumable upload error');
      return undefined;
    },
  });
  servers.set(ctx, server);
  return server;
}

const notFound = () => new StorageApiError(404, 'NoSuchUpload', 'not_found', 'The upload does not exist or has expired');

/** Serves a request under RESUMABLE_PATH for `caller`. */
export function serveResumable(ctx: PlatformContext, request: Request, caller: StorageCaller): Promise<Response> {
  // The TUS server would serve an upload's bytes on GET: objects are read through /object only.
  if (request.method === 'GET') throw routeNotFound();
  callers.set(request, caller);
  return serverFor(ctx).handleWeb(request);
}

/** Removes the unfinished uploads older than a day; the number removed. */
export function removeExpiredUploads(ctx: PlatformContext): Promise<number> {
  return serverFor(ctx).cleanUpExpiredUploads();
}

/** The bytes the project's unfinished uploads take on this machine (their parts and their records). */
export function projectUploadsBytes(ctx: PlatformContext, ref: string): Promise<number> {
  return bytesUnder(resumableDir(ctx), (name) => ID_PATTERN.exec(name.replace(/\.json$/, ''))?.[1] === ref);
}

/** Removes the project's unfinished uploads: it is being deleted. */
export async function removeProjectUploads(ctx: PlatformContext, ref: string): Promise<void> {
  const names = await readdir(resumableDir(ctx)).catch(() => []);
  const ours = names.filter((name) => name.startsWith(`${ref}-`));
  await Promise.all(ours.map((name) => rm(join(resumableDir(ctx), name), { force: true })));
}
