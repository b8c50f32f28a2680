/**
 * Objects' rows in `storage.objects`, read and written as the request's role (policies decide):
 * find, info, list (Supabase's `storage.search`: the folders and files directly under a prefix),
 * move, copy and remove (what a copy, or a move to another bucket, brings into a bucket meets its
 * limits as an upload would). Bytes follow the rows through the backend: a copy's bytes are placed
 * before its row commits (and removed if it does not), a removed or replaced version's bytes go
 * once the row's change committed.
 */
import type pg from 'pg';
import { type ObjectLocation, newVersion, storageBackend } from './backend.ts';
import { type BucketLimits, bucketLimits, mimeTypeAllowed, uploadLimit } from './buckets.ts';
import { servedType } from './content-type.ts';
import { inTransaction, ownerOf, type StorageCaller } from './db.ts';
import { entityTooLarge, invalidMimeType, invalidRequest, noSuchKey } from './errors.ts';
import { checkBucketId, checkKey } from './paths.ts';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date | null;
}

/** What Supabase Storage keeps in `metadata` for each object. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  contentEncoding?: string;
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

const locationOf = (row: Pick<ObjectRow, 'bucket_id' | 'name' | 'version'>): ObjectLocation | undefined =>
  row.version ? { bucket: row.bucket_id, key: row.name, version: row.version } : undefined;

/** The versions' bytes, once their rows are gone. */
export async function removeBytes(caller: StorageCaller, rows: Pick<ObjectRow, 'bucket_id' | 'name' | 'version'>[]): Promise<void> {
  const locations = rows.map(locationOf).filter((location): location is ObjectLocation => location !== undefined);
  if (locations.length) await storageBackend(caller.ctx, caller.project.ref).remove(locations);
}

/** The object as the caller sees it, or NoSuchKey. */
export async function findObject(caller: StorageCaller, bucket: string, key: string): Promise<ObjectRow> {
  const rows = await inTransaction(
    caller,
    async (client) =>
      (await client.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, key]))
        .rows,
    { readOnly: true },
  );
  if (!rows[0]) throw noSuchKey();
  return rows[0];
}

/** `GET /object/info/...`: the object in Supabase's words (storage-js turns them to camelCase). */
export function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    content_encoding: row.metadata?.contentEncoding ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

const SORT_COLUMNS = new Set(['name', 'id', 'updated_at', 'created_at', 'last_accessed_at']);

/** A LIKE pattern matching `text` literally. */
export const literalPattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `POST /object/list/{bucket}`: the folders (name only) then the files directly under `prefix`
 * whose names start with `search` (any case), as Supabase's `storage.search` lists them.
 */
export async function listObjects(caller: StorageCaller, bucket: string, body: Record<string, unknown>): Promise<unknown[]> {
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  if (!Number.isSafeInteger(limit) || (limit as number) < 0 || !Number.isSafeInteger(offset) || (offset as number) < 0) {
    throw invalidRequest('limit and offset must be whole numbers');
  }
  if (typeof body.prefix !== 'string' && body.prefix !== undefined && body.prefix !== null) throw invalidRequest('prefix must be a string');
  if (typeof body.search !== 'string' && body.search !== undefined && body.search !== null) throw invalidRequest('search must be a string');
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (!SORT_COLUMNS.has(column) || (order !== 'asc' && order !== 'desc')) throw invalidRequest('Invalid sortBy column or order');
  let prefix = ((body.prefix as string | undefined) ?? '').replace(/^\/+/, '');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const level = prefix.split('/').length; // 'a/b/' is 3: the names directly under it have 3 tokens
  const pattern = `${literalPattern(prefix)}${literalPattern((body.search as string | undefined) ?? '')}%`;
  const orderBy = column === 'name' ? `name collate "C" ${order}` : `${column} ${order}, name collate "C" ${order}`;
  return inTransaction(
    caller,
    async (client) =>
      (
        await client.query(
          `with folders as (
             select path_tokens[$1] as folder from storage.objects
              where bucket_id = $3 and name ilike $2 and array_length(path_tokens, 1) > $1
              group by 1
           ), entries as (
             select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                    null::timestamptz as last_accessed_at, null::jsonb as metadata, 0 as kind
               from folders
             union all
             select path_tokens[$1], id, updated_at, created_at, last_accessed_at, metadata, 1
               from storage.objects
              where bucket_id = $3 and name ilike $2 and array_length(path_tokens, 1) = $1
           )
           select name, id, updated_at, created_at, last_accessed_at, metadata from entries
            order by kind, ${orderBy} limit $4 offset $5`,
          [level, pattern, bucket, limit, offset],
        )
      ).rows,
    { readOnly: true },
  );
}

interface MoveOrCopy {
  bucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

function moveOrCopyBody(body: Record<string, unknown>): MoveOrCopy {
  const bucket = checkBucketId(body.bucketId);
  return {
    bucket,
    sourceKey: checkKey(body.sourceKey),
    destinationBucket:
      body.destinationBucket === undefined || body.destinationBucket === null ? bucket : checkBucketId(body.destinationBucket),
    destinationKey: checkKey(body.destinationKey),
  };
}

/**
 * The source row the caller may read; locked for a move (FOR UPDATE also asks the update
 * policies, which a move needs anyway and a copy does not).
 */
async function sourceRow(client: pg.PoolClient, bucket: string, key: string, { lock }: { lock: boolean }): Promise<ObjectRow> {
  const { rows } = await client.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2${lock ? ' for update' : ''}`,
    [bucket, key],
  );
  if (!rows[0]?.version) throw noSuchKey();
  return rows[0];
}

/** What a bucket takes: its limits, and the largest size they and the project's allow. */
interface Admission {
  limits: BucketLimits;
  maxBytes: number;
}

/** Asked before the transaction, as uploads ask, so that no statement waits on a second session. */
async function admissionTo(caller: StorageCaller, bucket: string): Promise<Admission> {
  const limits = await bucketLimits(caller, bucket);
  return { limits, maxBytes: await uploadLimit(caller.ctx, caller.project.ref, limits) };
}

/**
 * Refuses, as an upload of it would be refused, an object the destination bucket does not take:
 * its bytes' real size (not the row's, which members may change) above the limit, its type (as
 * downloads read it) not among the allowed ones.
 */
async function admit(caller: StorageCaller, { limits, maxBytes }: Admission, source: ObjectRow): Promise<void> {
  if ((await storageBackend(caller.ctx, caller.project.ref).size(locationOf(source)!)) > maxBytes) throw entityTooLarge();
  const type = servedType(source.metadata?.mimetype);
  if (!mimeTypeAllowed(limits, type)) throw invalidMimeType(String(type));
}

/** `POST /object/move`: the row takes its new name (select and update policies decide), and its bytes follow. */
export async function moveObject(caller: StorageCaller, body: Record<string, unknown>): Promise<{ message: string }> {
  const move = moveOrCopyBody(body);
  if (move.bucket === move.destinationBucket && move.sourceKey === move.destinationKey)
    throw invalidRequest('The source and the destination are the same object');
  // Within its bucket an object stays under the limits it came in with; into another, it meets that one's.
  const admission = move.bucket === move.destinationBucket ? undefined : await admissionTo(caller, move.destinationBucket);
  const backend = storageBackend(caller.ctx, caller.project.ref);
  let placed: ObjectLocation | undefined;
  let source: ObjectRow;
  try {
    source = await inTransaction(caller, async (client) => {
      const row = await sourceRow(client, move.bucket, move.sourceKey, { lock: true });
      if (admission) await admit(caller, admission, row);
      placed = { bucket: move.destinationBucket, key: move.destinationKey, version: row.version! };
      await backend.copy(locationOf(row)!, placed);
      const { rowCount } = await client.query(`update storage.objects set bucket_id = $2, name = $3, updated_at = now() where id = $1`, [
        row.id,
        move.destinationBucket,
        move.destinationKey,
      ]);
      if (!rowCount) throw noSuchKey();
      return row;
    });
  } catch (error) {
    if (placed) await backend.remove([placed]);
    throw error;
  }
  await removeBytes(caller, [source]);
  return { message: 'Successfully moved' };
}

/** `POST /object/copy`: a new row (insert policy), owned by the caller, with its own version of the bytes. */
export async function copyObject(
  caller: StorageCaller,
  body: Record<string, unknown>,
  upsert: boolean,
): Promise<{ Id: string; Key: string }> {
  const copy = moveOrCopyBody(body);
  if (body.metadata !== undefined && (typeof body.metadata !== 'object' || Array.isArray(body.metadata)))
    throw invalidRequest('metadata must be an object');
  const admission = await admissionTo(caller, copy.destinationBucket);
  const backend = storageBackend(caller.ctx, caller.project.ref);
  const target: ObjectLocation = { bucket: copy.destinationBucket, key: copy.destinationKey, version: newVersion() };
  const { owner, ownerId } = ownerOf(caller.auth);
  let placed = false;
  let result: { id: string; replaced: ObjectRow[] };
  try {
    result = await inTransaction(caller, async (client) => {
      const source = await sourceRow(client, copy.bucket, copy.sourceKey, { lock: false });
      await admit(caller, admission, source);
      const replaced = upsert
        ? (
            await client.query<ObjectRow>(
              `select bucket_id, name, version from storage.objects where bucket_id = $1 and name = $2 for update`,
              [target.bucket, target.key],
            )
          ).rows
        : [];
      await backend.copy(locationOf(source)!, target);
      placed = true;
      const userMetadata = body.copyMetadata === false ? (body.metadata ?? null) : source.user_metadata;
      const metadata = source.metadata ? { ...source.metadata, lastModified: new Date().toISOString() } : null;
      const { rows } = await client.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7)
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()`
             : ''
         }
         returning id`,
        [target.bucket, target.key, owner, ownerId, target.version, metadata, userMetadata],
      );
      return { id: rows[0]!.id, replaced };
    });
  } catch (error) {
    if (placed) await backend.remove([target]);
    throw error;
  }
  await removeBytes(caller, result.replaced);
  return { Id: result.id, Key: `${target.bucket}/${target.key}` };
}

const MAX_PREFIXES = 1000;

/** `DELETE /object/{bucket}` with `{prefixes}`: the rows the caller may delete, answered as they were. */
export async function removeObjects(caller: StorageCaller, bucket: string, body: Record<string, unknown>): Promise<unknown[]> {
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || !prefixes.length || prefixes.length > MAX_PREFIXES || !prefixes.every((p) => typeof p === 'string')) {
    throw invalidRequest(`prefixes must be a list of 1 to ${MAX_PREFIXES} object names`);
  }
  const rows = await inTransaction(
    caller,
    async (client) =>
      (
        await client.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2) returning ${OBJECT_COLUMNS}`, [
          bucket,
          prefixes,
        ])
      ).rows,
  );
  await removeBytes(caller, rows);
  return rows.map(({ version: _version, owner_id: _ownerId, user_metadata: _userMetadata, ...row }) => row);
}

/** `DELETE /object/{bucket}/{key}`. */
export async function removeObject(caller: StorageCaller, bucket: string, key: string): Promise<{ message: string }> {
  const rows = await inTransaction(
    caller,
    async (client) =>
      (
        await client.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = $2 returning bucket_id, name, version`, [
          bucket,
          key,
        ])
      ).rows,
  );
  if (!rows.length) throw noSuchKey();
  await removeBytes(caller, rows);
  return { message: 'Successfully deleted' };
}
