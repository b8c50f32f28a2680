/**
 * `/storage/v1` of a project: the Supabase Storage HTTP API as storage-js 2.x speaks it. The
 * gateway has checked the key (or let a request without one through as anon: this API serves
 * public, signed and signed-upload requests so and refuses the others, see
 * `isKeylessStorageRequest`) and resolved the request's role; statements run as that
 * role (db.ts), bytes live in the backend (backend.ts). No body limit applies here but the
 * buckets' own and the platform's maximum (BASIN_STORAGE_MAX_FILE_SIZE), checked as bytes arrive.
 */
import { type Context, Hono } from 'hono';
import type { RequestAuth } from '../rest/request-auth.ts';
import type { PlatformContext } from '../kernel/context.ts';
import type { ProjectRow } from '../store/projects.ts';
import {
  bucketLimits,
  createBucket,
  deleteBucket,
  EMPTY_BUCKET_MESSAGE,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './buckets.ts';
import { asServiceRole, inTransaction, ownerOf, type StorageCaller, wouldSucceed } from './db.ts';
import { serveObject } from './download.ts';
import { invalidRequest, noSuchBucket, routeNotFound, StorageApiError } from './errors.ts';
import { listObjectsV2 } from './list-v2.ts';
import { copyObject, findObject, listObjects, moveObject, objectInfo, removeObject, removeObjects } from './objects.ts';
import { bucketAndKey, checkBucketId, decodeSegments } from './paths.ts';
import { serveResumable } from './resumable.ts';
import { expiresInOf, signedDownloadPath, signedUploadPath, verifyDownloadToken, verifyUploadToken } from './signed-urls.ts';
import { parseTransform, serveTransformed, transformationText, transformFromText } from './transform.ts';
import { incomingFile, uploadObject } from './upload.ts';

type StorageEnv = { Bindings: { project: ProjectRow; auth: RequestAuth; clientIp: string } };

const ROOT = '/storage/v1';
const OBJECT_PREFIX = `${ROOT}/object/`;
const RENDER_PREFIX = `${ROOT}/render/image/`;
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * The storage requests served without a key, as Supabase's are: public objects (`<img src>` of
 * getPublicUrl, transformed or not), signed URLs (of objects and of transformed images) and
 * signed upload URLs, whose token is the grant.
 */
function servedWithoutKey(method: string, path: string): boolean {
  if (path.startsWith(RENDER_PREFIX)) {
    const rest = path.slice(RENDER_PREFIX.length);
    return (method === 'GET' || method === 'HEAD') && (rest.startsWith('public/') || rest.startsWith('sign/'));
  }
  if (!path.startsWith(OBJECT_PREFIX)) return false;
  const rest = path.slice(OBJECT_PREFIX.length);
  if (method === 'GET' || method === 'HEAD') return rest.startsWith('public/') || rest.startsWith('sign/');
  return method === 'PUT' && rest.startsWith('upload/sign/');
}

/**
 * Which keyless requests the gateway hands to the storage API (as anon): all of them. The API
 * serves those `servedWithoutKey` names and refuses the others itself, in Storage's words
 * (`missingKey`), as Supabase Storage answers a request without a token and storage-js reads it.
 */
export function isKeylessStorageRequest(_method: string, path: string): boolean {
  return path === ROOT || path.startsWith(`${ROOT}/`);
}

/** Whether the request presents a key or token at all (the gateway has checked any it presents). */
const presentsKey = (headers: Headers) =>
  Boolean(headers.get('apikey')?.trim()) || /^Bearer\s+\S+$/i.test(headers.get('authorization')?.trim() ?? '');

/** A request without a key or token where one is needed: Storage's answer (its JWT check's words for no token). */
const missingKey = () => new StorageApiError(401, 'InvalidJWT', 'Unauthorized', 'Invalid Compact JWS');

/** A JSON object body of at most 1 MB; an empty body is `{}`. */
async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BYTES) throw invalidRequest('The request body is too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.length;
      if (size > MAX_JSON_BYTES) throw invalidRequest('The request body is too large');
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest('The request body must be a JSON object');
  return value as Record<string, unknown>;
}

const isTrue = (value: string | undefined | null) => value?.toLowerCase() === 'true';

export function storageApi(ctx: PlatformContext) {
  const api = new Hono<StorageEnv>({ strict: false });
  api.use('*', async (c, next) => {
    if (!presentsKey(c.req.raw.headers) && !servedWithoutKey(c.req.method, new URL(c.req.url).pathname)) throw missingKey();
    await next();
  });
  const callerOf = (c: Context<StorageEnv>): StorageCaller => ({
    ctx,
    project: c.env.project,
    auth: c.env.auth,
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    headers: Object.fromEntries(c.req.raw.headers),
  });

  api.get('/bucket', async (c) => c.json(await listBuckets(callerOf(c), new URL(c.req.url).searchParams)));
  api.post('/bucket', async (c) => c.json(await createBucket(callerOf(c), await jsonBody(c.req.raw))));
  api.get('/bucket/:id', async (c) => c.json(await getBucket(callerOf(c), c.req.param('id'))));
  api.put('/bucket/:id', async (c) => c.json(await updateBucket(callerOf(c), checkBucketId(c.req.param('id')), await jsonBody(c.req.raw))));
  api.delete('/bucket/:id', async (c) => c.json(await deleteBucket(callerOf(c), c.req.param('id'))));
  api.post('/bucket/:id/empty', async (c) => {
    await emptyBucket(callerOf(c), c.req.param('id'));
    return c.json({ message: EMPTY_BUCKET_MESSAGE });
  });
  api.all('/object/*', async (c) => objectRoute(ctx, c, callerOf(c)));
  api.all('/render/image/*', async (c) => renderRoute(ctx, c, callerOf(c)));
  api.all('/upload/resumable', (c) => serveResumable(ctx, c.req.raw, callerOf(c)));
  api.all('/upload/resumable/*', (c) => serveResumable(ctx, c.req.raw, callerOf(c)));

  api.notFound(() => routeNotFound().response());
  api.onError((error, c) => {
    if (error instanceof StorageApiError) return error.response();
    ctx.logger.error({ err: error, ref: c.env.project.ref }, 'storage API error');
    return new StorageApiError(500, 'InternalError', 'Internal Server Error', 'Internal Server Error').response();
  });
  return api;
}

/** `/object/...`: the static routes first (list, move, copy, sign, upload/sign, info, public, authenticated), then `{bucket}/{key}`. */
async function objectRoute(ctx: PlatformContext, c: Context<StorageEnv>, caller: StorageCaller): Promise<Response> {
  const pathname = new URL(c.req.url).pathname;
  const segments = decodeSegments(pathname.slice(pathname.indexOf(OBJECT_PREFIX) + OBJECT_PREFIX.length));
  const [first, ...rest] = segments;
  const method = c.req.method;
  const request = c.req.raw;
  const read = method === 'GET' || method === 'HEAD';
  const query = new URL(request.url).searchParams;

  if (method === 'POST' && first === 'list' && rest.length === 1)
    return c.json(await listObjects(caller, checkBucketId(rest[0]), await jsonBody(request)));
  if (method === 'POST' && first === 'list-v2' && rest.length === 1)
    return c.json(await listObjectsV2(caller, checkBucketId(rest[0]), await jsonBody(request)));
  if (method === 'POST' && first === 'move' && !rest.length) return c.json(await moveObject(caller, await jsonBody(request)));
  if (method === 'POST' && first === 'copy' && !rest.length) {
    return c.json(await copyObject(caller, await jsonBody(request), isTrue(request.headers.get('x-upsert'))));
  }
  if (first === 'sign') {
    if (method === 'POST' && rest.length === 1) return c.json(await signMany(caller, checkBucketId(rest[0]), await jsonBody(request)));
    const { bucket, key } = bucketAndKey(rest);
    if (method === 'POST') {
      const body = await jsonBody(request);
      const seconds = expiresInOf(body.expiresIn);
      const transform = body.transform;
      if (transform !== undefined && transform !== null && (typeof transform !== 'object' || Array.isArray(transform)))
        throw invalidRequest('transform must be an object');
      const transformations = transform ? transformationText(parseTransform(transform as Record<string, unknown>)) : '';
      await findObject(caller, bucket, key); // only what the caller may read
      return c.json({ signedURL: await signedDownloadPath(ctx, caller.project, bucket, key, seconds, transformations) });
    }
    if (read) {
      await verifyDownloadToken(ctx, caller.project, query.get('token'), bucket, key);
      return serveObject(caller, await findObject(asServiceRole(caller), bucket, key), request);
    }
  }
  if (first === 'upload' && rest[0] === 'sign') {
    const { bucket, key } = bucketAndKey(rest.slice(1));
    if (method === 'POST') return c.json(await createSignedUpload(caller, bucket, key, isTrue(request.headers.get('x-upsert'))));
    if (method === 'PUT') {
      const grant = await verifyUploadToken(ctx, caller.project, query.get('token'), bucket, key);
      const target = { bucket, key, upsert: grant.upsert, owner: { owner: grant.owner, ownerId: grant.ownerId } };
      return c.json(await uploadObject(asServiceRole(caller), target, await incomingFile(request)));
    }
  }
  if (first === 'info' && read) {
    const scope = rest[0] === 'public' || rest[0] === 'authenticated' ? rest.shift() : undefined;
    const { bucket, key } = bucketAndKey(rest);
    const row = scope === 'public' ? await findPublicObject(caller, bucket, key) : await findObject(caller, bucket, key);
    return c.json(objectInfo(row));
  }
  if (first === 'public' && read) {
    const { bucket, key } = bucketAndKey(rest);
    return serveObject(caller, await findPublicObject(caller, bucket, key), request);
  }
  if (first === 'authenticated' && read) {
    const { bucket, key } = bucketAndKey(rest);
    return serveObject(caller, await findObject(caller, bucket, key), request);
  }
  if (method === 'DELETE' && segments.length === 1)
    return c.json(await removeObjects(caller, checkBucketId(first), await jsonBody(request)));
  if (segments.length >= 2) {
    const { bucket, key } = bucketAndKey(segments);
    if (read) return serveObject(caller, await findObject(caller, bucket, key), request);
    if (method === 'POST' || method === 'PUT') {
      const upsert = method === 'PUT' || isTrue(request.headers.get('x-upsert'));
      return c.json(await uploadObject(caller, { bucket, key, upsert }, await incomingFile(request)));
    }
    if (method === 'DELETE') return c.json(await removeObject(caller, bucket, key));
  }
  throw routeNotFound();
}

/**
 * `/render/image/{authenticated|public|sign}/{bucket}/{key}`: the object transformed
 * (transform.ts), read as the matching `/object/...` route reads it. A signed URL's
 * transformation is the one its token fixes, whatever the query says.
 */
async function renderRoute(ctx: PlatformContext, c: Context<StorageEnv>, caller: StorageCaller): Promise<Response> {
  const request = c.req.raw;
  if (request.method !== 'GET' && request.method !== 'HEAD') throw routeNotFound();
  const url = new URL(request.url);
  const segments = decodeSegments(url.pathname.slice(url.pathname.indexOf(RENDER_PREFIX) + RENDER_PREFIX.length));
  const [scope, ...rest] = segments;
  const { bucket, key } = bucketAndKey(rest);
  if (scope === 'sign') {
    const { transformations } = await verifyDownloadToken(ctx, caller.project, url.searchParams.get('token'), bucket, key);
    const row = await findObject(asServiceRole(caller), bucket, key);
    return serveTransformed(caller, row, transformFromText(transformations), request);
  }
  if (scope !== 'public' && scope !== 'authenticated') throw routeNotFound();
  const transform = parseTransform(url.searchParams);
  const row = scope === 'public' ? await findPublicObject(caller, bucket, key) : await findObject(caller, bucket, key);
  return serveTransformed(caller, row, transform, request);
}

/** An object of a public bucket, whoever asks. */
async function findPublicObject(caller: StorageCaller, bucket: string, key: string) {
  const limits = await bucketLimits(caller, bucket);
  if (!limits.public) throw noSuchBucket();
  return findObject(asServiceRole(caller), bucket, key);
}

/** `POST /object/sign/{bucket}` with `{expiresIn, paths}`: a signed URL for each path the caller may read. */
async function signMany(caller: StorageCaller, bucket: string, body: Record<string, unknown>) {
  const seconds = expiresInOf(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.length || paths.length > 1000 || !paths.every((path) => typeof path === 'string')) {
    throw invalidRequest('paths must be a list of 1 to 1000 object names');
  }
  const readable = await inTransaction(
    caller,
    async (client) =>
      new Set(
        (
          await client.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [bucket, paths])
        ).rows.map((row) => row.name),
      ),
    { readOnly: true },
  );
  return Promise.all(
    (paths as string[]).map(async (path) =>
      readable.has(path)
        ? { error: null, path, signedURL: await signedDownloadPath(caller.ctx, caller.project, bucket, path, seconds) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
}

/** `POST /object/upload/sign/{bucket}/{key}`: a token for one upload, if the caller's policies allow it now. */
async function createSignedUpload(caller: StorageCaller, bucket: string, key: string, upsert: boolean) {
  await bucketLimits(caller, bucket);
  const { owner, ownerId } = ownerOf(caller.auth);
  await wouldSucceed(caller, (client) =>
    client.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)
       ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id' : ''}`,
      [bucket, key, owner, ownerId],
    ),
  );
  return signedUploadPath(caller.ctx, caller.project, bucket, key, { owner, ownerId, upsert });
}
