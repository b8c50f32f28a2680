/**
 * An object's bytes as an HTTP answer: Content-Type, Content-Length, Cache-Control, ETag and
 * Last-Modified from its row, `Range: bytes=` (one range: 206 with Content-Range, 416 beyond the
 * end), If-None-Match / If-Modified-Since (304), `?download[=name]` (Content-Disposition), HEAD
 * without a body. The file is streamed from disk, never read whole.
 *
 * Objects are served from the project's API origin, and from the dashboard's own (its Storage
 * pages, and `/api/projects/{ref}/gateway`): every answer is sandboxed (`USER_CONTENT_HEADERS`),
 * its type is the stored one as parsed (content-type.ts; anything else is
 * application/octet-stream), and types a browser would render as a page (HTML, XML, SVG) are
 * always sent as attachments, so an uploaded page can never run script in either origin. (Images
 * embedded with <img> are unaffected: Content-Disposition only governs navigation.)
 */
import { Readable } from 'node:stream';
import { type ByteRange, storageBackend } from './backend.ts';
import { headerValue, rendersAsPage, servedType } from './content-type.ts';
import type { StorageCaller } from './db.ts';
import { invalidRange, noSuchKey } from './errors.ts';
import type { ObjectRow } from './objects.ts';

/**
 * What every answer carrying stored bytes sends: a document with no origin that runs no script
 * (whatever a browser makes of it), and no guessing of another type than the one sent.
 */
export const USER_CONTENT_HEADERS = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' } as const;

/** The range a `Range` header asks of `size` bytes: undefined for the whole (absent or unsupported), 'unsatisfiable' beyond the end. */
export function requestedRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return undefined; // several ranges or another unit: the whole object
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(download: string | null, key: string, active: boolean): string | undefined {
  if (download === null && !active) return undefined;
  const name = download || key.split('/').pop() || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Whether an If-None-Match header names `etag` (weak or strong) or `*`. */
export const etagMatches = (ifNoneMatch: string, etag: string) =>
  ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');

function notModified(request: Request, etag: string | undefined, lastModified: Date): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) return etag !== undefined && etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** The answer to GET or HEAD of `row`'s bytes. */
export async function serveObject(caller: StorageCaller, row: ObjectRow, request: Request): Promise<Response> {
  if (!row.version) throw noSuchKey();
  const metadata = row.metadata;
  const size = Number(metadata?.size ?? 0);
  const type = servedType(metadata?.mimetype);
  // Members write the metadata in SQL: a value Node would refuse as a header is left out.
  const etag = headerValue(metadata?.eTag);
  const headers = new Headers({
    ...USER_CONTENT_HEADERS,
    'content-type': String(type),
    'cache-control': headerValue(metadata?.cacheControl) ?? 'no-cache',
    'last-modified': row.updated_at.toUTCString(),
    'accept-ranges': 'bytes',
  });
  if (etag) headers.set('etag', etag);
  const encoding = headerValue(metadata?.contentEncoding);
  if (encoding) headers.set('content-encoding', encoding);
  const disposition = contentDisposition(new URL(request.url).searchParams.get('download'), row.name, rendersAsPage(type));
  if (disposition) headers.set('content-disposition', disposition);
  if (notModified(request, etag, row.updated_at)) return new Response(null, { status: 304, headers });

  const range = requestedRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    const refused = invalidRange().response();
    refused.headers.set('content-range', `bytes */${size}`);
    return refused;
  }
  const length = range ? range.end - range.start + 1 : size;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  if (length === 0) return new Response(null, { status, headers });
  const { body } = await storageBackend(caller.ctx, caller.project.ref).get(
    { bucket: row.bucket_id, key: row.name, version: row.version },
    range,
  );
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}
