/**
 * `POST /object/list-v2/{bucket}` (storage-js `listV2`), as Supabase Storage answers it:
 * `{hasNext, nextCursor?, nextCursorKey?, folders, objects}` over the rows the caller may read.
 *
 * - `prefix` is a plain string prefix of full keys ('a' matches 'a.txt' and 'a/b'); names come
 *   back whole (`testpath/cat.jpg`), never relative to the prefix.
 * - Without `with_delimiter`, every key under the prefix is an object. With it, a key holding a
 *   `/` after the prefix is folded into its folder (`{key: 'testpath', name: 'testpath/'}`), and
 *   folders and objects are one sequence, in one order: by name (bytewise, as S3 lists), or by
 *   `created_at`/`updated_at` then name, a folder's time being the earliest creation under it.
 * - `limit` (1 and up, at most 1000; 1000 when absent) counts folders and objects together; one
 *   more is read to know whether there is a next page. `cursor` is opaque: it carries the last
 *   entry and the sort it was made with (which wins over the request's, as Supabase's does).
 */
import { inTransaction, type StorageCaller } from './db.ts';
import { invalidRequest } from './errors.ts';
import { literalPattern } from './objects.ts';

const MAX_LIMIT = 1000;
const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at']);

interface Cursor {
  /** The last entry's full name (a folder's with its trailing `/`). */
  after: string;
  column: 'name' | 'created_at' | 'updated_at';
  order: 'asc' | 'desc';
  /** The last entry's sort time (ISO, milliseconds) when sorting by time. */
  at?: string;
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
  /** The sort time of a folder or object (milliseconds), when sorting by time. */
  sort_at: Date | null;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: unknown): Cursor | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  if (typeof text !== 'string') throw invalidRequest('cursor must be a string');
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      typeof cursor.after === 'string' &&
      SORT_COLUMNS.has(cursor.column) &&
      (cursor.order === 'asc' || cursor.order === 'desc') &&
      (cursor.at === undefined || (typeof cursor.at === 'string' && Number.isFinite(Date.parse(cursor.at))))
    )
      return cursor;
  } catch {
    // fall through
  }
  throw invalidRequest('Invalid cursor: pass the nextCursor of the previous page as it was');
}

export async function listObjectsV2(caller: StorageCaller, bucket: string, body: Record<string, unknown>) {
  const limit = body.limit ?? MAX_LIMIT;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1)
    throw invalidRequest('limit must be a whole number, at least 1');
  const pageSize = Math.min(limit, MAX_LIMIT);
  if (body.prefix !== undefined && body.prefix !== null && typeof body.prefix !== 'string') throw invalidRequest('prefix must be a string');
  if (body.with_delimiter !== undefined && body.with_delimiter !== null && typeof body.with_delimiter !== 'boolean')
    throw invalidRequest('with_delimiter must be a boolean');
  const prefix = (body.prefix as string | undefined) ?? '';
  const delimited = body.with_delimiter === true;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (typeof sortBy !== 'object' || Array.isArray(sortBy)) throw invalidRequest('sortBy must be an object');
  const requestedColumn = sortBy.column ?? 'name';
  const requestedOrder = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : (sortBy.order ?? 'asc');
  if (typeof requestedColumn !== 'string' || !SORT_COLUMNS.has(requestedColumn))
    throw invalidRequest('sortBy.column must be one of name, created_at, updated_at');
  if (requestedOrder !== 'asc' && requestedOrder !== 'desc') throw invalidRequest('sortBy.order must be asc or desc');
  const cursor = decodeCursor(body.cursor);
  const column = cursor?.column ?? (requestedColumn as Cursor['column']);
  const order = cursor?.order ?? requestedOrder;
  const byTime = column !== 'name';
  const direction = order === 'asc' ? 'asc' : 'desc';
  const past = order === 'asc' ? '>' : '<';

  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const bucketParam = param(bucket);
  const pattern = param(`${literalPattern(prefix)}%`);
  const prefixLength = delimited ? param(prefix.length) : '';
  const folderOf = delimited
    ? `case when strpos(substr(name, ${prefixLength} + 1), '/') > 0 then left(name, ${prefixLength} + strpos(substr(name, ${prefixLength} + 1), '/')) end`
    : 'null::text';
  const timeOf = (expression: string) => `date_trunc('milliseconds', ${expression})`;
  const sortAt = byTime ? timeOf(`min(created_at)`) : 'null::timestamptz';
  const entries = `with scoped as (
      select ${folderOf} as folder, name, id, updated_at, created_at, last_accessed_at, metadata
        from storage.objects where bucket_id = ${bucketParam} and name like ${pattern}
    ), entries as (
      select folder as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, ${sortAt} as sort_at
        from scoped where folder is not null group by folder
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata,
             ${byTime ? timeOf(column) : 'null::timestamptz'}
        from scoped where folder is null
    )`;
  const after = !cursor
    ? 'true'
    : byTime
      ? `(sort_at, name collate "C") ${past} (${param(cursor.at ?? null)}::timestamptz, ${param(cursor.after)}::text collate "C")`
      : `name collate "C" ${past} ${param(cursor.after)}::text`;
  const orderBy = byTime ? `sort_at ${direction}, name collate "C" ${direction}` : `name collate "C" ${direction}`;
  const limitParam = param(pageSize + 1);
  const rows = await inTransaction(
    caller,
    async (client) =>
      (await client.query<Entry>(`${entries} select * from entries where ${after} order by ${orderBy} limit ${limitParam}`, params)).rows,
    { readOnly: true },
  );

  const hasNext = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  // A delimited listing's `key`: the name's own segment at the prefix's level, as Supabase's search_v2 gives it.
  const level = prefix ? prefix.split('/').length : 1;
  const keyOf = (name: string) => name.split('/')[level - 1] ?? '';
  const folders = page
    .filter((entry) => entry.id === null)
    .map((entry) => ({
      key: keyOf(entry.name),
      name: entry.name,
      id: null,
      updated_at: byTime ? entry.sort_at : null,
      created_at: byTime ? entry.sort_at : null,
      last_accessed_at: null,
    }));
  const objects = page
    .filter((entry) => entry.id !== null)
    .map(({ sort_at: _sortAt, ...entry }) => (delimited ? { key: keyOf(entry.name), ...entry } : entry));
  const last = page.at(-1);
  if (!hasNext || !last) return { hasNext: false, folders, objects };
  return {
    hasNext: true,
    nextCursor: encodeCursor({ after: last.name, column, order, at: byTime ? last.sort_at?.toISOString() : undefined }),
    nextCursorKey: last.name,
    folders,
    objects,
  };
}
