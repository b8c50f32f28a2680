/**
 * The dashboard's Storage pages (`/platform/storage/{ref}/...`): buckets and their files through
 * the storage module (src/storage/), run as service_role as Supabase's dashboard does: members
 * with `storage:write` manage every file whatever the policies on `storage.objects` say, every
 * member reads (lists, downloads). The storage API's refusals keep their status and words as
 * `{message}`. Only while the project is ACTIVE_HEALTHY (409 otherwise, as the spec's buckets call).
 */
import type { Permission } from '@basin/core';
import {
  type CreateBucketBody,
  type ListObjectsBody,
  type PublicObjectUrl,
  type SignedObjectUrl,
  type StorageBucket,
  type StorageMessage,
  type StorageObject,
  type StorageSettings,
  type UpdateBucketBody,
  type UploadedObject,
  formatBytes,
  STORAGE_MESSAGES,
} from '@basin/core/schemas';
import { Transform } from 'node:stream';
import * as buckets from '../../storage/buckets.ts';
import { previewable, servedType } from '../../storage/content-type.ts';
import { inTransaction, SERVICE_ROLE, type StorageCaller } from '../../storage/db.ts';
import { serveObject } from '../../storage/download.ts';
import { entityTooLarge, StorageApiError } from '../../storage/errors.ts';
import * as objects from '../../storage/objects.ts';
import { checkBucketId, checkKey } from '../../storage/paths.ts';
import { signedDownloadPath } from '../../storage/signed-urls.ts';
import { incomingFile, uploadObject as storeUpload } from '../../storage/upload.ts';
import { conflict, HttpError } from '../../kernel/errors.ts';
import type { ProjectRow } from '../../store/projects.ts';
import * as storageSettings from '../../store/storage-settings.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { projectApiUrl } from '../api/gateway.ts';

/** The storage API's refusals as the platform's `{message}` with the same status. */
export async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw asHttpError(error);
  }
}

export function asHttpError(error: unknown): unknown {
  if (error instanceof StorageApiError) return new HttpError(error.status as 400, error.message);
  return error;
}

const WRITE_MESSAGES: Partial<Record<Permission, string>> = {
  'storage:write': STORAGE_MESSAGES.noWritePermission,
  'project.settings:write': STORAGE_MESSAGES.noSettingsPermission,
};

/** The project, once the member may do `permission` (404 for non-members, 403 without it). */
export async function storageProject(ctx: PlatformContext, ref: string, userId: string, permission: Permission): Promise<ProjectRow> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, permission, WRITE_MESSAGES[permission]);
  return project;
}

/** The storage module's caller for the member: service_role on the project, once it runs. */
export async function memberCaller(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  permission: Permission,
  method = 'GET',
): Promise<StorageCaller> {
  const project = await storageProject(ctx, ref, userId, permission);
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw conflict(STORAGE_MESSAGES.notRunning(project.status));
  return { ctx, project, auth: SERVICE_ROLE, method, path: `/platform/storage/${ref}`, headers: {} };
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

function asBucket(row: Record<string, unknown>): StorageBucket {
  return {
    id: String(row.id),
    name: String(row.name),
    owner: (row.owner as string | null) || null, // the storage API's '' for none
    public: Boolean(row.public),
    file_size_limit: row.file_size_limit === null || row.file_size_limit === undefined ? null : Number(row.file_size_limit),
    allowed_mime_types: (row.allowed_mime_types as string[] | null) ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

// ---- Settings -------------------------------------------------------------------------------

export async function getStorageSettings(ctx: PlatformContext, ref: string, userId: string): Promise<StorageSettings> {
  await storageProject(ctx, ref, userId, 'storage:read');
  return { file_size_limit: await buckets.projectFileSizeLimit(ctx, ref), max_file_size_limit: ctx.config.storageMaxFileSize };
}

export async function updateStorageSettings(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  fileSizeLimit: number,
): Promise<StorageSettings> {
  await storageProject(ctx, ref, userId, 'project.settings:write');
  const max = ctx.config.storageMaxFileSize;
  if (fileSizeLimit > max) throw new HttpError(400, `The file size limit may not exceed this installation's maximum (${formatBytes(max)})`);
  await storageSettings.setFileSizeLimit(ctx.db, ref, fileSizeLimit);
  return { file_size_limit: fileSizeLimit, max_file_size_limit: max };
}

async function checkBucketLimit(ctx: PlatformContext, ref: string, limit: number | null | undefined): Promise<void> {
  if (limit === null || limit === undefined) return;
  const projectLimit = await buckets.projectFileSizeLimit(ctx, ref);
  if (limit > projectLimit) throw new HttpError(400, STORAGE_MESSAGES.bucketLimitAboveProject(formatBytes(projectLimit)));
}

// ---- Buckets --------------------------------------------------------------------------------

export async function listBuckets(ctx: PlatformContext, ref: string, userId: string): Promise<StorageBucket[]> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:read');
  const rows = await translated(buckets.listBuckets(caller, new URLSearchParams()));
  return rows.map(asBucket);
}

export async function getBucket(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<StorageBucket> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:read');
  return asBucket(await translated(buckets.getBucket(caller, id)));
}

export async function createBucket(ctx: PlatformContext, ref: string, userId: string, body: CreateBucketBody): Promise<StorageBucket> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'POST');
  await checkBucketLimit(ctx, ref, body.file_size_limit);
  const { name } = await translated(
    buckets.createBucket(caller, {
      name: body.name,
      public: body.public,
      file_size_limit: body.file_size_limit ?? null,
      allowed_mime_types: body.allowed_mime_types?.length ? body.allowed_mime_types : null,
    }),
  );
  return asBucket(await translated(buckets.getBucket(caller, name)));
}

export async function updateBucket(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  id: string,
  body: UpdateBucketBody,
): Promise<StorageBucket> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'PUT');
  await checkBucketLimit(ctx, ref, body.file_size_limit);
  const change: Record<string, unknown> = { ...body };
  if (Array.isArray(body.allowed_mime_types) && !body.allowed_mime_types.length) change.allowed_mime_types = null;
  await translated(buckets.updateBucket(caller, checkBucketIdOrHttp(id), change));
  return asBucket(await translated(buckets.getBucket(caller, id)));
}

/** Deletes the bucket with every file in it (the dashboard asks first). */
export async function deleteBucket(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<StorageMessage> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'DELETE');
  await translated(buckets.emptyBucket(caller, id));
  return translated(buckets.deleteBucket(caller, id));
}

export async function emptyBucket(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<StorageMessage> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'POST');
  return translated(buckets.emptyBucket(caller, id));
}

const checkBucketIdOrHttp = (id: string) => {
  try {
    return checkBucketId(id);
  } catch (error) {
    throw asHttpError(error);
  }
};

const checkKeyOrHttp = (key: string) => {
  try {
    return checkKey(key);
  } catch (error) {
    throw asHttpError(error);
  }
};

// ---- Objects --------------------------------------------------------------------------------

export async function listObjects(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  body: ListObjectsBody,
): Promise<StorageObject[]> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:read');
  await translated(buckets.getBucket(caller, bucket)); // a missing bucket is a 404, not an empty list
  const rows = (await translated(
    objects.listObjects(caller, checkBucketIdOrHttp(bucket), {
      prefix: body.path ?? '',
      limit: body.limit,
      offset: body.offset,
      search: body.search,
      sortBy: body.sortBy,
    }),
  )) as Record<string, unknown>[];
  return rows.map((row) => ({
    name: String(row.name),
    id: (row.id as string | null) ?? null,
    updated_at: row.updated_at ? iso(row.updated_at) : null,
    created_at: row.created_at ? iso(row.created_at) : null,
    last_accessed_at: row.last_accessed_at ? iso(row.last_accessed_at) : null,
    metadata: (row.metadata as StorageObject['metadata']) ?? null,
  }));
}

/** Fails the stream once more than `max` bytes passed (the project's limit, while the bytes arrive). */
function capped(max: number) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) return done(entityTooLarge());
      done(null, chunk);
    },
  });
}

/** Stores the request's body (raw or multipart, streamed) as `key`; `upsert` replaces an existing file. */
export async function uploadObject(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  key: string,
  request: Request,
  upsert: boolean,
): Promise<UploadedObject> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', request.method);
  const limit = await buckets.projectFileSizeLimit(ctx, ref);
  const target = { bucket: checkBucketIdOrHttp(bucket), key: checkKeyOrHttp(key), upsert };
  const file = await translated(incomingFile(request));
  if (file.declaredLength !== undefined && file.declaredLength > limit) {
    file.body.destroy();
    throw asHttpError(entityTooLarge());
  }
  const body = file.body.pipe(capped(limit));
  file.body.on('error', (error) => body.destroy(error));
  try {
    return await translated(storeUpload(caller, target, { ...file, body }));
  } finally {
    if (!file.body.readableEnded) file.body.destroy();
  }
}

/**
 * The file's bytes, streamed, as an attachment; `inline` (the details panel's preview) shows
 * inert types only (raster images, plain text), and anything else still comes as an attachment.
 */
export async function downloadObject(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  key: string,
  request: Request,
  inline: boolean,
): Promise<Response> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:read');
  const row = await translated(objects.findObject(caller, checkBucketIdOrHttp(bucket), checkKeyOrHttp(key)));
  const url = new URL(request.url);
  url.search = inline && previewable(servedType(row.metadata?.mimetype)) ? '' : '?download';
  const response = await translated(serveObject(caller, row, new Request(url, { method: request.method, headers: request.headers })));
  response.headers.set('cache-control', 'private, no-cache');
  return response;
}

/** Deletes the files; a path ending in `/` is a folder: everything under it goes. */
export async function removeObjects(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  paths: string[],
): Promise<StorageObject[]> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'DELETE');
  const id = checkBucketIdOrHttp(bucket);
  const folders = paths.filter((path) => path.endsWith('/'));
  const names = new Set(paths.filter((path) => !path.endsWith('/')));
  if (folders.length) {
    const inside = await translated(
      inTransaction(
        caller,
        async (client) =>
          (
            await client.query<{ name: string }>(
              `select name from storage.objects where bucket_id = $1 and name ^@ any($2::text[]) order by name limit 100000`,
              [id, folders],
            )
          ).rows,
        { readOnly: true },
      ),
    );
    for (const row of inside) names.add(row.name);
  }
  const removed: StorageObject[] = [];
  const all = [...names];
  for (let start = 0; start < all.length; start += 1000) {
    const rows = (await translated(objects.removeObjects(caller, id, { prefixes: all.slice(start, start + 1000) }))) as Record<
      string,
      unknown
    >[];
    removed.push(
      ...rows.map((row) => ({
        name: String(row.name),
        id: (row.id as string | null) ?? null,
        updated_at: row.updated_at ? iso(row.updated_at) : null,
        created_at: row.created_at ? iso(row.created_at) : null,
        last_accessed_at: row.last_accessed_at ? iso(row.last_accessed_at) : null,
        metadata: (row.metadata as StorageObject['metadata']) ?? null,
      })),
    );
  }
  return removed;
}

export async function moveObject(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  from: string,
  to: string,
): Promise<StorageMessage> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'POST');
  return translated(objects.moveObject(caller, { bucketId: bucket, sourceKey: from, destinationKey: to }));
}

const encodedKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** A URL anyone can download the file from until it expires. */
export async function signObject(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  bucket: string,
  key: string,
  expiresIn: number,
): Promise<SignedObjectUrl> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:write', 'POST');
  await translated(objects.findObject(caller, checkBucketIdOrHttp(bucket), checkKeyOrHttp(key)));
  // The token is signed over the name itself; the URL carries the name percent-encoded.
  const signed = await signedDownloadPath(ctx, caller.project, bucket, key, expiresIn);
  const token = signed.slice(signed.indexOf('?token=') + '?token='.length);
  return {
    signedUrl: `${projectApiUrl(ctx, ref)}/storage/v1/object/sign/${encodeURIComponent(bucket)}/${encodedKey(key)}?token=${token}`,
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
  };
}

/** The URL of a public bucket's file (refused for a private bucket). */
export async function publicUrl(ctx: PlatformContext, ref: string, userId: string, bucket: string, key: string): Promise<PublicObjectUrl> {
  const caller = await memberCaller(ctx, ref, userId, 'storage:read');
  const limits = await translated(buckets.bucketLimits(caller, checkBucketIdOrHttp(bucket)));
  if (!limits.public) throw new HttpError(400, STORAGE_MESSAGES.notPublic(bucket));
  return {
    publicUrl: `${projectApiUrl(ctx, ref)}/storage/v1/object/public/${encodeURIComponent(bucket)}/${encodedKey(checkKeyOrHttp(key))}`,
  };
}
