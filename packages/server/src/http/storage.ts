import { createRoute, z } from '@hono/zod-openapi';
import {
  BucketId,
  CreateBucketBody,
  DeleteObjectsBody,
  ErrorResponse,
  ListObjectsBody,
  MoveObjectBody,
  ProjectRef,
  PublicObjectUrl,
  PublicUrlBody,
  SignedObjectUrl,
  SignObjectBody,
  StorageArchive,
  StorageBucket,
  StorageMessage,
  StorageObject,
  StorageSettings,
  UpdateBucketBody,
  UpdateStorageSettingsBody,
  UploadedObject,
} from '@basin/core/schemas';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { Readable } from 'node:stream';
import type { PlatformContext } from '../kernel/context.ts';
import * as storage from '../services/storage/storage.ts';
import * as archive from '../services/storage/storage-archive.ts';
import { USER_CONTENT_HEADERS } from '../storage/download.ts';
import { decodeSegments } from '../storage/paths.ts';
import { asHttpError } from '../services/storage/storage.ts';
import { badRequest, HttpError, notFound } from '../kernel/errors.ts';
import { type AppEnv, createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const tags = ['Storage'];
const refParams = z.object({ ref: ProjectRef });
const bucketParams = refParams.extend({ id: BucketId });
const STORAGE_ERRORS = {
  ...ERRORS,
  409: json(ErrorResponse, 'The project is not running, or the name is taken'),
} as const;

/** Names under `.../objects/` that are operations, not files (POST). */
const OBJECT_OPERATIONS = new Set(['list', 'delete', 'move', 'sign', 'public-url']);
const OBJECTS_PATH = '/storage/:ref/buckets/:id/objects/*';

/**
 * `/platform/storage/{ref}/...`: the Storage pages' JSON routes (services/storage/storage.ts). The file
 * routes (upload, download, archive download) are `storageFileRoutes`, mounted ahead of the JSON
 * body limit and input guard; they are listed in this router's document.
 */
export function storageRoutes(ctx: PlatformContext) {
  const router = createRouter();
  const user = (c: Context<AppEnv>) => c.var.userId;
  router.openAPIRegistry.registerPath({
    method: 'put',
    path: '/storage/{ref}/buckets/{id}/objects/{path}',
    tags,
    description:
      "Uploads the raw body (or a multipart form as storage-js sends it) as the object `path` (slashes allowed), streamed; Content-Type is its type. `x-upsert: true` replaces an existing file. No platform body limit: the bucket's and the project's file size limits apply.",
    request: { params: bucketParams.extend({ path: z.string() }) },
    responses: {
      200: json(UploadedObject, 'The stored object'),
      413: json(ErrorResponse, 'Larger than the limit'),
      415: json(ErrorResponse, 'A type the bucket does not allow'),
      ...STORAGE_ERRORS,
    },
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/storage/{ref}/buckets/{id}/objects/{path}',
    tags,
    description:
      "The object's bytes, streamed, as an attachment, sandboxed (`Content-Security-Policy: sandbox`). `?inline` for a preview shows raster images (PNG, JPEG, GIF, WebP, AVIF) and plain text only; anything else stays an attachment. Range requests are answered.",
    request: { params: bucketParams.extend({ path: z.string() }) },
    responses: { 200: { description: 'The bytes' }, ...STORAGE_ERRORS },
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/storage/{ref}/archive/download',
    tags,
    description: 'The ready archive (a zip of every bucket), streamed.',
    request: { params: refParams },
    responses: { 200: { description: 'application/zip' }, ...STORAGE_ERRORS },
  });

  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/storage/{ref}/buckets',
        tags,
        description: 'Only while the project is ACTIVE_HEALTHY (409 otherwise).',
        request: { params: refParams },
        responses: { 200: json(z.array(StorageBucket), 'The buckets, by name'), ...STORAGE_ERRORS },
      }),
      async (c) => c.json(await storage.listBuckets(ctx, c.req.valid('param').ref, user(c)), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets',
        tags,
        request: { params: refParams, ...jsonBody(CreateBucketBody) },
        responses: { 201: json(StorageBucket, 'The new bucket'), ...STORAGE_ERRORS },
      }),
      async (c) => c.json(await storage.createBucket(ctx, c.req.valid('param').ref, user(c), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/storage/{ref}/buckets/{id}',
        tags,
        request: { params: bucketParams },
        responses: { 200: json(StorageBucket, 'The bucket'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.getBucket(ctx, ref, user(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/storage/{ref}/buckets/{id}',
        tags,
        request: { params: bucketParams, ...jsonBody(UpdateBucketBody) },
        responses: { 200: json(StorageBucket, 'The bucket after the change'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.updateBucket(ctx, ref, user(c), id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/storage/{ref}/buckets/{id}',
        tags,
        description: 'Deletes the bucket and every file in it.',
        request: { params: bucketParams },
        responses: { 200: json(StorageMessage, 'Deleted'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.deleteBucket(ctx, ref, user(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/empty',
        tags,
        description: 'Deletes every file of the bucket, keeping the bucket.',
        request: { params: bucketParams },
        responses: { 200: json(StorageMessage, 'Emptied'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.emptyBucket(ctx, ref, user(c), id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/objects/list',
        tags,
        description: 'The folders, then the files, directly under `path` whose names start with `search` (any case).',
        request: { params: bucketParams, ...jsonBody(ListObjectsBody) },
        responses: { 200: json(z.array(StorageObject), 'Folders (id null) and files'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.listObjects(ctx, ref, user(c), id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/objects/delete',
        tags,
        description: 'Deletes the files named; a path ending in `/` deletes the folder with everything under it.',
        request: { params: bucketParams, ...jsonBody(DeleteObjectsBody) },
        responses: { 200: json(z.array(StorageObject), 'The deleted files'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.removeObjects(ctx, ref, user(c), id, c.req.valid('json').paths), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/objects/move',
        tags,
        description: 'Renames a file within the bucket (`to` must be free).',
        request: { params: bucketParams, ...jsonBody(MoveObjectBody) },
        responses: { 200: json(StorageMessage, 'Moved'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        const { from, to } = c.req.valid('json');
        return c.json(await storage.moveObject(ctx, ref, user(c), id, from, to), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/objects/sign',
        tags,
        description: 'A URL anyone may download the file from, without a key, until it expires (`expiresIn` seconds).',
        request: { params: bucketParams, ...jsonBody(SignObjectBody) },
        responses: { 200: json(SignedObjectUrl, 'The signed URL'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        const { path, expiresIn } = c.req.valid('json');
        return c.json(await storage.signObject(ctx, ref, user(c), id, path, expiresIn), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/buckets/{id}/objects/public-url',
        tags,
        description: "A public bucket's file URL (400 for a private bucket).",
        request: { params: bucketParams, ...jsonBody(PublicUrlBody) },
        responses: { 200: json(PublicObjectUrl, 'The public URL'), ...STORAGE_ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await storage.publicUrl(ctx, ref, user(c), id, c.req.valid('json').path), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/storage/{ref}/settings',
        tags,
        request: { params: refParams },
        responses: { 200: json(StorageSettings, "The project's storage settings"), ...ERRORS },
      }),
      async (c) => c.json(await storage.getStorageSettings(ctx, c.req.valid('param').ref, user(c)), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/storage/{ref}/settings',
        tags,
        description: "The largest file any bucket takes (bytes), at most the installation's maximum. Owners and Administrators.",
        request: { params: refParams, ...jsonBody(UpdateStorageSettingsBody) },
        responses: { 200: json(StorageSettings, 'The settings after the change'), ...ERRORS },
      }),
      async (c) =>
        c.json(await storage.updateStorageSettings(ctx, c.req.valid('param').ref, user(c), c.req.valid('json').file_size_limit), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/storage/{ref}/archive',
        tags,
        description: "Starts a zip of every bucket's files (one per project; a new one replaces the last). Poll GET every 5 s.",
        request: { params: refParams },
        responses: { 202: json(StorageArchive, 'The archive, being created'), ...STORAGE_ERRORS },
      }),
      async (c) => c.json(await archive.startArchive(ctx, c.req.valid('param').ref, user(c)), 202),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/storage/{ref}/archive',
        tags,
        description: "The last archive's state; fileUrl once READY. 404 'Storage archive not found' before the first.",
        request: { params: refParams },
        responses: { 200: json(StorageArchive, 'The archive'), ...ERRORS },
      }),
      async (c) => c.json(await archive.archiveState(ctx, c.req.valid('param').ref, user(c)), 200),
    );
}

/** The `{ref}` of a route the OpenAPI validation does not see (streamed bodies): no project has a malformed one. */
function projectRefOf(c: Context<AppEnv>): string {
  const ref = c.req.param('ref') ?? '';
  if (!ProjectRef.safeParse(ref).success) throw notFound('Project');
  return ref;
}

/** `{bucket}` and the object name of `.../buckets/{id}/objects/{path...}`, percent-decoded. */
function objectTarget(c: Context<AppEnv>): { ref: string; bucket: string; key: string } {
  const ref = projectRefOf(c);
  const pathname = new URL(c.req.url).pathname;
  const marker = '/objects/';
  const rest = pathname.slice(pathname.indexOf(marker, pathname.indexOf('/buckets/')) + marker.length);
  let key: string;
  try {
    key = decodeSegments(rest).join('/');
  } catch (error) {
    throw asHttpError(error);
  }
  if (!ProjectRef.safeParse(ref).success) throw badRequest('Project ref must be 20 lower-case letters');
  return { ref, bucket: c.req.param('id') ?? '', key };
}

/**
 * The file routes: uploads take the raw request body as a stream (no JSON body limit, no input
 * guard: `guards` are the session and same-origin checks), downloads and the archive answer
 * streams. POSTs to the operation names (list, delete, move, sign, public-url) pass on to the JSON
 * routes.
 */
export function storageFileRoutes(ctx: PlatformContext, guards: MiddlewareHandler<AppEnv>[]) {
  const router = createRouter();
  const upload = async (c: Context<AppEnv>, next: Next) => {
    const { ref, bucket, key } = objectTarget(c);
    if (c.req.method === 'POST' && OBJECT_OPERATIONS.has(key)) return next();
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true';
    try {
      return c.json(await storage.uploadObject(ctx, ref, c.var.userId, bucket, key, c.req.raw, upsert), 200);
    } catch (error) {
      // A refused upload's body is left unread: the connection cannot carry another request.
      if (error instanceof HttpError) return c.json({ message: error.message }, error.status, { connection: 'close' });
      throw error;
    }
  };
  // Each guard throws its refusal.
  const checked = async (c: Context<AppEnv>) => {
    for (const guard of guards) await guard(c, async () => {});
  };
  const passOperations: MiddlewareHandler<AppEnv> = async (c, next) => {
    // Operations go through the JSON routes' own guards; only uploads skip them.
    const key = new URL(c.req.url).pathname.split('/objects/').pop();
    if (c.req.method === 'POST' && key && OBJECT_OPERATIONS.has(key)) return next();
    await checked(c);
    return upload(c, next);
  };
  router.on(['PUT', 'POST'], OBJECTS_PATH, passOperations);
  router.get(OBJECTS_PATH, async (c) => {
    await checked(c);
    const { ref, bucket, key } = objectTarget(c);
    const inline = new URL(c.req.url).searchParams.has('inline');
    return storage.downloadObject(ctx, ref, c.var.userId, bucket, key, c.req.raw, inline);
  });
  router.get('/storage/:ref/archive/download', async (c) => {
    await checked(c);
    const ref = projectRefOf(c);
    const file = await archive.archiveFile(ctx, ref, c.var.userId);
    const name = `storage-${ref}-${file.createdAt.slice(0, 10)}.zip`;
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      headers: {
        'content-type': 'application/zip',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'private, no-cache',
        ...USER_CONTENT_HEADERS,
      },
    });
  });
  return router;
}
