/**
 * Uploads, as Supabase Storage takes them: a raw body (Content-Type, Cache-Control and the
 * base64 JSON `x-metadata` headers say what it is) or a multipart form (fields `cacheControl`,
 * `contentType`, `metadata`, then the file), checked against the bucket's allowed types and size
 * limit (and the platform's maximum). The caller's policies are asked first with a statement
 * that is rolled back (no byte is stored for a refused upload), then the bytes are streamed to a
 * new version, then the row is written; a refusal at that point removes the bytes again.
 */
import type { Readable } from 'node:stream';
import { newVersion, nodeStream, type ObjectLocation, storageBackend } from './backend.ts';
import { bucketLimits, mimeTypeAllowed, uploadLimit } from './buckets.ts';
import { DEFAULT_CONTENT_TYPE, parseContentType } from './content-type.ts';
import { inTransaction, ownerOf, type StorageCaller, wouldSucceed } from './db.ts';
import { entityTooLarge, invalidMimeType, invalidRequest } from './errors.ts';
import { multipartBoundary, readMultipartUpload } from './multipart.ts';
import { type ObjectMetadata, type ObjectRow, removeBytes } from './objects.ts';

export interface IncomingFile {
  body: Readable;
  contentType: string;
  cacheControl: string;
  contentEncoding: string | undefined;
  userMetadata: Record<string, unknown> | null;
  /** What Content-Length announced for a raw body. */
  declaredLength: number | undefined;
}

const MAX_METADATA_BYTES = 8 * 1024;

export function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null;
  if (json.length > MAX_METADATA_BYTES) throw invalidRequest('The metadata is too large');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidRequest('The metadata must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest('The metadata must be a JSON object');
  return value as Record<string, unknown>;
}

export const cacheControlOf = (seconds: string | undefined) =>
  seconds && /^\d+$/.test(seconds) ? `max-age=${seconds}` : seconds || 'no-cache';

/** The file a request carries, its body not read yet (but for a multipart body's leading fields). */
export async function incomingFile(request: Request): Promise<IncomingFile> {
  const headers = request.headers;
  const boundary = multipartBoundary(headers.get('content-type') ?? undefined);
  if (boundary) {
    const { fields, contentType, file } = await readMultipartUpload(nodeStream(request.body), boundary);
    return {
      body: file,
      contentType: fields.contentType || contentType || DEFAULT_CONTENT_TYPE,
      cacheControl: cacheControlOf(fields.cacheControl),
      contentEncoding: fields.contentEncoding || undefined,
      userMetadata: parseUserMetadata(fields.metadata),
      declaredLength: undefined,
    };
  }
  const metadataHeader = headers.get('x-metadata');
  let metadataJson: string | undefined;
  if (metadataHeader) {
    if (metadataHeader.length > MAX_METADATA_BYTES * 2) throw invalidRequest('The metadata is too large');
    metadataJson = Buffer.from(metadataHeader, 'base64').toString('utf8');
  }
  const length = headers.get('content-length');
  return {
    body: nodeStream(request.body),
    contentType: headers.get('content-type') || DEFAULT_CONTENT_TYPE,
    cacheControl: headers.get('cache-control') || 'no-cache',
    contentEncoding: headers.get('content-encoding') || undefined,
    userMetadata: parseUserMetadata(metadataJson),
    declaredLength: length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
  };
}

export interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  /** The owner to record, when not the caller (signed upload URLs: the user who asked for the URL). */
  owner?: { owner: string | null; ownerId: string | null };
}

/** The statement that writes an upload's row, with its version and metadata. */
function writeRow(upsert: boolean) {
  return `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
          values ($1, $2, $3, $4, $5, $6, $7)
          ${
            upsert
              ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
            metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()`
              : ''
          }
          returning id`;
}

/**
 * Whether `target` may take a file of this type and declared size, asked before any byte is
 * stored: the bucket's limits, then the caller's policies (a statement rolled back: a taken
 * name, a refused insert or update). The answer: the largest size the bytes may reach, and the
 * type to store, as parsed (a type that is none, say with a control character, is refused: every
 * download would answer it).
 */
export async function admitUpload(
  caller: StorageCaller,
  target: UploadTarget,
  file: Pick<IncomingFile, 'contentType' | 'declaredLength' | 'userMetadata'>,
): Promise<{ maxBytes: number; contentType: string }> {
  const limits = await bucketLimits(caller, target.bucket);
  const maxBytes = await uploadLimit(caller.ctx, caller.project.ref, limits);
  if (file.declaredLength !== undefined && file.declaredLength > maxBytes) throw entityTooLarge();
  const type = parseContentType(file.contentType);
  if (!type) throw invalidMimeType(file.contentType.slice(0, 255));
  if (!mimeTypeAllowed(limits, type)) throw invalidMimeType(file.contentType);
  const { owner, ownerId } = target.owner ?? ownerOf(caller.auth);
  const row = [target.bucket, target.key, owner, ownerId, newVersion(), null, file.userMetadata];
  await wouldSucceed(caller, (client) => client.query(writeRow(target.upsert), row));
  return { maxBytes, contentType: String(type) };
}

/** Stores an upload: `{Id, Key}` as Supabase answers it. */
export async function uploadObject(caller: StorageCaller, target: UploadTarget, file: IncomingFile): Promise<{ Id: string; Key: string }> {
  const { bucket, key, upsert } = target;
  try {
    const { maxBytes, contentType } = await admitUpload(caller, target, file);
    const { owner, ownerId } = target.owner ?? ownerOf(caller.auth);
    const version = newVersion();
    const row = (metadata: ObjectMetadata) => [bucket, key, owner, ownerId, version, metadata, file.userMetadata];

    const location: ObjectLocation = { bucket, key, version };
    const backend = storageBackend(caller.ctx, caller.project.ref);
    const stored = await backend.put(location, file.body, maxBytes);
    const metadata: ObjectMetadata = {
      eTag: `"${stored.etag}"`,
      size: stored.size,
      mimetype: contentType,
      cacheControl: file.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: stored.size,
      httpStatusCode: 200,
      ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
    };
    let written: { id: string; replaced: ObjectRow[] };
    try {
      written = await inTransaction(caller, async (client) => {
        const replaced = upsert
          ? (
              await client.query<ObjectRow>(
                'select bucket_id, name, version from storage.objects where bucket_id = $1 and name = $2 for update',
                [bucket, key],
              )
            ).rows
          : [];
        const { rows } = await client.query<{ id: string }>(writeRow(upsert), row(metadata));
        return { id: rows[0]!.id, replaced };
      });
    } catch (error) {
      await backend.remove([location]);
      throw error;
    }
    await removeBytes(caller, written.replaced);
    return { Id: written.id, Key: `${bucket}/${key}` };
  } finally {
    // A refused upload's body is not read further: let go of it.
    if (!file.body.readableEnded) file.body.destroy();
  }
}
