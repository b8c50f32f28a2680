/**
 * Buckets (`/bucket`), as Supabase Storage manages them: rows of `storage.buckets` written as the
 * request's role, so creating, changing or deleting one takes service_role or a policy of the
 * member's on `storage.buckets`. Limits: `file_size_limit` (bytes, or '5MB'-style strings as
 * storage-js passes them through, in units of 1000 as Supabase reads them: sizes.ts) no larger than the platform's maximum, and `allowed_mime_types`
 * (`image/png`, `image/*`).
 */
import type { MIMEType } from 'node:util';
import type { PlatformContext } from '../kernel/context.ts';
import { storageBackend } from './backend.ts';
import { asServiceRole, inTransaction, ownerOf, type StorageCaller } from './db.ts';
import { invalidRequest, noSuchBucket } from './errors.ts';
import { checkBucketId } from './paths.ts';
import { formatSize, parseSize } from './sizes.ts';
import * as storageSettings from '../store/storage-settings.ts';

/** A bucket without a limit of its own takes this one, as Supabase's default global limit. */
export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/**
 * A bucket as Supabase Storage answers it (its response schema): no `avif_autodetection`, the
 * owner columns as text ('' for none, as Storage serializes them), `type` STANDARD.
 */
const BUCKET_COLUMNS = `id, name, coalesce(owner::text, '') as owner, coalesce(owner_id, '') as owner_id, public, 'STANDARD' as type,
  file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at`;

/** What `POST /bucket/{id}/empty` answers, in Supabase Storage's words (there it is queued; here it is done when this is sent). */
export const EMPTY_BUCKET_MESSAGE = 'Empty bucket has been queued. Completion may take up to an hour.';

const MIME_PATTERN = /^[a-z0-9!#$&^_.+-]+\/([a-z0-9!#$&^_.+-]+|\*)$/i;

/** The project's limit (Storage settings, the platform's `storage_settings`; 50 MB without one), never above the installation's maximum. */
export async function projectFileSizeLimit(ctx: PlatformContext, ref: string): Promise<number> {
  return Math.min((await storageSettings.fileSizeLimit(ctx.db, ref)) ?? DEFAULT_FILE_SIZE_LIMIT, ctx.config.storageMaxFileSize);
}

/** The largest upload `bucket` takes: its own limit, never above the project's. */
export async function uploadLimit(ctx: PlatformContext, ref: string, bucket: Pick<BucketLimits, 'file_size_limit'>): Promise<number> {
  const project = await projectFileSizeLimit(ctx, ref);
  return Math.min(bucket.file_size_limit ?? project, project);
}

/** Whether `type` (parameters aside) is one the bucket allows; any when it lists none. */
export function mimeTypeAllowed(bucket: Pick<BucketLimits, 'allowed_mime_types'>, type: MIMEType): boolean {
  const allowed = bucket.allowed_mime_types;
  if (!allowed?.length) return true;
  return allowed.some((pattern) => {
    const [allowedType, allowedSubtype] = pattern.trim().toLowerCase().split('/');
    return allowedType === type.type && (allowedSubtype === '*' || allowedSubtype === type.subtype);
  });
}

/** A bucket's limits whoever asks (uploads check them before any policy), or NoSuchBucket. */
export async function bucketLimits(caller: StorageCaller, id: string): Promise<BucketLimits> {
  const rows = await inTransaction(
    asServiceRole(caller),
    async (client) =>
      (
        await client.query<BucketLimits>(
          `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
          [id],
        )
      ).rows,
    { readOnly: true },
  );
  if (!rows[0]) throw noSuchBucket();
  return rows[0];
}

interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

/** The settings a create or update body names; those it leaves out stay undefined. */
function bucketSettings(ctx: PlatformContext, body: Record<string, unknown>): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined && body.public !== null) {
    if (typeof body.public !== 'boolean') throw invalidRequest('public must be a boolean');
    settings.public = body.public;
  }
  if (body.file_size_limit === null) settings.file_size_limit = null;
  else if (body.file_size_limit !== undefined) {
    const bytes = parseSize(body.file_size_limit);
    if (bytes === undefined) throw invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    if (bytes > ctx.config.storageMaxFileSize) {
      throw invalidRequest(
        `The file size limit may not exceed the maximum of this installation (${formatSize(ctx.config.storageMaxFileSize)})`,
      );
    }
    settings.file_size_limit = bytes === 0 ? null : bytes;
  }
  if (body.allowed_mime_types === null) settings.allowed_mime_types = null;
  else if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (
      !Array.isArray(types) ||
      types.length > 100 ||
      !types.every((type) => typeof type === 'string' && type.length <= 255 && MIME_PATTERN.test(type.trim()))
    ) {
      throw invalidRequest('allowed_mime_types must be a list of MIME types such as image/png or image/*');
    }
    settings.allowed_mime_types = types.length ? types.map((type: string) => type.trim()) : null;
  }
  return settings;
}

export async function createBucket(caller: StorageCaller, body: Record<string, unknown>): Promise<{ name: string }> {
  const name = body.name ?? body.id;
  const id = checkBucketId(body.id ?? name);
  if (name !== id) checkBucketId(name);
  const settings = bucketSettings(caller.ctx, body);
  const { owner, ownerId } = ownerOf(caller.auth);
  await inTransaction(caller, (client) =>
    client.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, name, owner, ownerId, settings.public ?? false, settings.file_size_limit ?? null, settings.allowed_mime_types ?? null],
    ),
  );
  return { name: id };
}

export async function updateBucket(caller: StorageCaller, id: string, body: Record<string, unknown>): Promise<{ message: string }> {
  const settings = bucketSettings(caller.ctx, body);
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(settings)) {
    values.push(value);
    sets.push(`${column} = $${values.length}`); // column: one of BucketSettings' own keys
  }
  const { rowCount } = await inTransaction(caller, (client) =>
    client.query(`update storage.buckets set ${sets.join(', ')} where id = $1`, values),
  );
  if (!rowCount) throw noSuchBucket();
  return { message: 'Successfully updated' };
}

export async function getBucket(caller: StorageCaller, id: string): Promise<Record<string, unknown>> {
  const rows = await inTransaction(
    caller,
    async (client) => (await client.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows,
    {
      readOnly: true,
    },
  );
  if (!rows[0]) throw noSuchBucket();
  return rows[0];
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export async function listBuckets(caller: StorageCaller, query: URLSearchParams): Promise<Record<string, unknown>[]> {
  const limit = query.has('limit') ? Number(query.get('limit')) : null;
  const offset = query.has('offset') ? Number(query.get('offset')) : 0;
  if ((limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) || !Number.isSafeInteger(offset) || offset < 0) {
    throw invalidRequest('limit and offset must be whole numbers');
  }
  const column = query.get('sortColumn') ?? 'name';
  const order = (query.get('sortOrder') ?? 'asc').toLowerCase();
  if (!SORT_COLUMNS.has(column) || (order !== 'asc' && order !== 'desc')) throw invalidRequest('Invalid sortColumn or sortOrder');
  const search = query.get('search') ?? '';
  return inTransaction(
    caller,
    async (client) =>
      (
        await client.query(
          `select ${BUCKET_COLUMNS} from storage.buckets
            where $1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
            order by ${column === 'name' || column === 'id' ? `${column} collate "C"` : column} ${order} limit $2 offset $3`,
          [search, limit, offset],
        )
      ).rows,
    { readOnly: true },
  );
}

/** Deletes every object of the bucket the caller may delete; answers once their bytes are gone. */
export async function emptyBucket(caller: StorageCaller, id: string): Promise<{ message: string }> {
  const removed = await inTransaction(caller, async (client) => {
    const { rowCount } = await client.query('select 1 from storage.buckets where id = $1', [id]);
    if (!rowCount) throw noSuchBucket();
    return (
      await client.query<{ name: string; version: string | null }>(
        'delete from storage.objects where bucket_id = $1 returning name, version',
        [id],
      )
    ).rows;
  });
  await storageBackend(caller.ctx, caller.project.ref).remove(
    removed.filter((row) => row.version).map((row) => ({ bucket: id, key: row.name, version: row.version! })),
  );
  return { message: 'Successfully emptied' };
}

export async function deleteBucket(caller: StorageCaller, id: string): Promise<{ message: string }> {
  await inTransaction(caller, async (client) => {
    const { rowCount } = await client.query('delete from storage.buckets where id = $1', [id]);
    if (!rowCount) throw noSuchBucket();
  });
  await storageBackend(caller.ctx, caller.project.ref).removeBucket(id);
  return { message: 'Successfully deleted' };
}
