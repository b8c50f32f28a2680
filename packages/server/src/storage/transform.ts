/**
 * Image transformations (`/render/image/...`), as Supabase Storage serves them through imgproxy,
 * done here in-process with sharp (libvips), never by running a program:
 *
 * - `width`, `height` (whole pixels, 1 to 2500), `resize` (`cover`, the default: fill the box and
 *   crop; `contain`: fit inside it; `fill`: stretch to it), `quality` (20 to 100, 80 by default),
 *   `format` (`origin` keeps the source's format). Without a format the answer is AVIF or WebP
 *   when the request's `Accept` names them (`Vary: Accept`), else the source's own format. The
 *   source's format is read from its bytes, not from the stored content type.
 * - Limits, as Supabase documents them: a source of at most 25 MB (25,000,000 bytes, 413
 *   above) and 50 megapixels (400 above), and an output of at most 2500 × 2500.
 * - Each variant is made once per stored version of the object and kept on disk under
 *   `<BASIN_DATA_DIR>/storage/.transforms/<ref>/<bucket>/<key>/<version>/` (written to a temporary
 *   file and renamed), keyed by the parameters that shape it; those files count towards the
 *   project's storage (storage-usage.ts) and go with the version they were made from
 *   (`VariantCachingBackend`, backend.ts). Two requests for one variant share one rendering; at
 *   most two renderings run at once (the machine's libvips runs one thread each).
 * - `x-transformations` names what was done in imgproxy's words (`height:200,width:200,
 *   resizing_type:fill,quality:60`), as Supabase's answer does; signed render URLs carry that text
 *   in their token, so the transformation cannot be changed once signed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { storageBackend, variantsDir } from './backend.ts';
import { etagMatches, USER_CONTENT_HEADERS } from './download.ts';
import { headerValue } from './content-type.ts';
import type { StorageCaller } from './db.ts';
import { invalidRequest, noSuchKey, StorageApiError } from './errors.ts';
import type { ObjectRow } from './objects.ts';

export const MAX_DIMENSION = 2500;
export const MAX_SOURCE_BYTES = 25_000_000;
export const MAX_SOURCE_PIXELS = 50_000_000;
const DEFAULT_QUALITY = 80;
const MAX_RENDERINGS = 2;

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export interface Transform {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  /** 'origin', or a format asked for by name; absent: negotiated from Accept. */
  format?: 'origin' | 'webp' | 'avif';
}

const RESIZE_MODES = new Set<ResizeMode>(['cover', 'contain', 'fill']);
const FORMATS = new Set(['origin', 'webp', 'avif']);
/** Supabase's (imgproxy's) names of the resize modes, in `x-transformations` and signed tokens. */
const RESIZING_TYPES: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

function wholeIn(name: string, text: string | number | undefined, min: number, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = typeof text === 'number' ? text : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw invalidRequest(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** The transformation a render request's query (or a sign request's `transform` body) asks for. */
export function parseTransform(source: URLSearchParams | Record<string, unknown>): Transform {
  const get = (name: string): string | number | undefined => {
    const value = source instanceof URLSearchParams ? (source.get(name) ?? undefined) : source[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw invalidRequest(`${name} must be a number or a string`);
    return value;
  };
  const transform: Transform = {
    width: wholeIn('width', get('width'), 1, MAX_DIMENSION),
    height: wholeIn('height', get('height'), 1, MAX_DIMENSION),
    quality: wholeIn('quality', get('quality'), 20, 100),
  };
  const resize = get('resize');
  if (resize !== undefined && resize !== '') {
    if (!RESIZE_MODES.has(String(resize) as ResizeMode)) throw invalidRequest('resize must be cover, contain or fill');
    transform.resize = String(resize) as ResizeMode;
  }
  const format = get('format');
  if (format !== undefined && format !== '') {
    if (!FORMATS.has(String(format))) throw invalidRequest('format must be origin, webp or avif');
    transform.format = String(format) as Transform['format'];
  }
  return transform;
}

/** imgproxy's words for the transformation, as Supabase sends them in `x-transformations` and puts them in signed tokens. */
export function transformationText(transform: Transform): string {
  const segments: string[] = [];
  if (transform.height) segments.push(`height:${transform.height}`);
  if (transform.width) segments.push(`width:${transform.width}`);
  if (transform.width || transform.height) segments.push(`resizing_type:${RESIZING_TYPES[transform.resize ?? 'cover']}`);
  if (transform.quality) segments.push(`quality:${transform.quality}`);
  if (transform.format && transform.format !== 'origin') segments.push(`format:${transform.format}`);
  return segments.join(',');
}

/** The transformation a signed token's text names (transformationText's inverse); anything else is refused. */
export function transformFromText(text: string): Transform {
  const query = new URLSearchParams();
  const modes = Object.fromEntries(Object.entries(RESIZING_TYPES).map(([mode, type]) => [type, mode]));
  for (const segment of text.split(',').filter(Boolean)) {
    const [name, value = ''] = segment.split(':');
    if (name === 'resizing_type') {
      if (!modes[value]) throw invalidRequest('The signed transformation is not valid');
      query.set('resize', modes[value]);
    } else if (name === 'height' || name === 'width' || name === 'quality' || name === 'format') query.set(name, value);
    else throw invalidRequest('The signed transformation is not valid');
  }
  return parseTransform(query);
}

const MIME_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/** The format sharp read (`heif` for AVIF, `svg`, `jpeg`...) as one this module writes. */
function originFormat(format: string | undefined): OutputFormat {
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif' || format === 'tiff') return format;
  if (format === 'heif') return 'avif';
  return 'png'; // svg, pdf, raw and other formats sharp reads but does not write
}

/** Whether `accept` names `type` explicitly (with a quality above 0); `*\/*` does not count, as imgproxy reads it. */
function accepts(accept: string | null, type: string): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name?.trim() !== type) return false;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** The format to write: the one named, else AVIF or WebP when the client accepts them, else the source's. */
export function outputFormat(
  transform: Transform,
  accept: string | null,
  source: string | undefined,
): { format: OutputFormat; negotiated: boolean } {
  if (transform.format === 'webp' || transform.format === 'avif') return { format: transform.format, negotiated: false };
  if (transform.format === 'origin') return { format: originFormat(source), negotiated: false };
  if (accepts(accept, 'image/avif')) return { format: 'avif', negotiated: true };
  if (accepts(accept, 'image/webp')) return { format: 'webp', negotiated: true };
  return { format: originFormat(source), negotiated: true };
}

const tooLarge = (what: string) =>
  new StorageApiError(413, 'EntityTooLarge', 'Payload too large', `The image is too large to transform: ${what}`);
const notAnImage = () => invalidRequest('The object is not an image that can be transformed');

/** The source's bytes, refused above MAX_SOURCE_BYTES (by the row's size first, then as they are read). */
async function sourceBytes(caller: StorageCaller, row: ObjectRow): Promise<Buffer> {
  const limitText = 'at most 25 MB (25,000,000 bytes)';
  if (Number(row.metadata?.size ?? 0) > MAX_SOURCE_BYTES) throw tooLarge(limitText);
  const { size, body } = await storageBackend(caller.ctx, caller.project.ref).get({
    bucket: row.bucket_id,
    key: row.name,
    version: row.version!,
  });
  if (size > MAX_SOURCE_BYTES) {
    body.destroy();
    throw tooLarge(limitText);
  }
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > MAX_SOURCE_BYTES) {
      body.destroy();
      throw tooLarge(limitText);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

interface Rendered {
  bytes: Buffer;
  format: OutputFormat;
}

/** Renders the variant: resize per the mode, then encode. */
async function render(source: Buffer, transform: Transform, accept: string | null): Promise<Rendered & { negotiated: boolean }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > MAX_SOURCE_PIXELS)
    throw invalidRequest('The image is too large to transform: at most 50 megapixels');
  const { format, negotiated } = outputFormat(transform, accept, metadata.format);
  const quality = transform.quality ?? DEFAULT_QUALITY;
  let image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, animated: false }).rotate();
  if (transform.width || transform.height) {
    const fit = transform.resize === 'contain' ? 'inside' : transform.resize === 'fill' ? 'fill' : 'cover';
    image = image.resize({ width: transform.width, height: transform.height, fit, withoutEnlargement: fit !== 'fill' });
  }
  switch (format) {
    case 'jpeg':
      image = image.jpeg({ quality, mozjpeg: false });
      break;
    case 'png':
      image = image.png();
      break;
    case 'webp':
      image = image.webp({ quality });
      break;
    case 'avif':
      image = image.avif({ quality, effort: 2 });
      break;
    case 'gif':
      image = image.gif();
      break;
    case 'tiff':
      image = image.tiff({ quality });
      break;
  }
  try {
    return { bytes: await image.toBuffer(), format, negotiated };
  } catch {
    throw notAnImage();
  }
}

/** Two requests for the same variant at once wait on one rendering. */
const rendering = new Map<string, Promise<Rendered>>();
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RENDERINGS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The variant of `row` for this transformation and Accept header: read from the cache, or made
 * (and stored) once. The cache key holds the version, the parameters and, when the format is
 * negotiated, the format the Accept header led to.
 */
async function variantOf(caller: StorageCaller, row: ObjectRow, transform: Transform, accept: string | null): Promise<Rendered> {
  const dir = variantsDir(caller.ctx, caller.project.ref, { bucket: row.bucket_id, key: row.name, version: row.version! });
  const wanted = transform.format === 'webp' || transform.format === 'avif' ? transform.format : undefined;
  // Negotiation only decides between avif, webp and the origin: the key names which of those the client takes.
  const acceptKey =
    wanted || transform.format === 'origin'
      ? ''
      : accepts(accept, 'image/avif')
        ? 'avif'
        : accepts(accept, 'image/webp')
          ? 'webp'
          : 'origin';
  const name = createHash('sha256')
    .update(
      JSON.stringify([
        transform.width ?? 0,
        transform.height ?? 0,
        transform.resize ?? 'cover',
        transform.quality ?? DEFAULT_QUALITY,
        transform.format ?? '',
        acceptKey,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  const key = `${caller.project.ref}\0${dir}\0${name}`;
  const pending = rendering.get(key);
  if (pending) return pending;
  const work = (async (): Promise<Rendered> => {
    for (const format of Object.keys(MIME_TYPES) as OutputFormat[]) {
      try {
        return { bytes: await readFile(join(dir, `${name}.${format}`)), format };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const rendered = await withSlot(async () => render(await sourceBytes(caller, row), transform, accept));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temporary = join(dirname(dir), `.${randomUUID()}.tmp`);
    try {
      await writeFile(temporary, rendered.bytes, { mode: 0o600 });
      await rename(temporary, join(dir, `${name}.${rendered.format}`));
    } catch (error) {
      await rm(temporary, { force: true });
      // The version was removed meanwhile (its folder with it): the answer still goes out.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return { bytes: rendered.bytes, format: rendered.format };
  })();
  rendering.set(key, work);
  try {
    return await work;
  } finally {
    rendering.delete(key);
  }
}

function notModified(request: Request, etag: string): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  return ifNoneMatch !== null && etagMatches(ifNoneMatch, etag);
}

/** The answer to GET or HEAD of `row` transformed: the variant's bytes, whole (no ranges). */
export async function serveTransformed(caller: StorageCaller, row: ObjectRow, transform: Transform, request: Request): Promise<Response> {
  if (!row.version) throw noSuchKey();
  const accept = request.headers.get('accept');
  const variant = await variantOf(caller, row, transform, accept);
  const etag = `"${createHash('md5').update(variant.bytes).digest('hex')}"`;
  const headers = new Headers({
    ...USER_CONTENT_HEADERS,
    'content-type': MIME_TYPES[variant.format],
    'cache-control': headerValue(row.metadata?.cacheControl) ?? 'no-cache',
    'last-modified': row.updated_at.toUTCString(),
    etag,
    'x-transformations': transformationText(transform),
  });
  if (!transform.format || transform.format === 'origin') headers.set('vary', 'Accept');
  const download = new URL(request.url).searchParams.get('download');
  if (download !== null) {
    const base = (download || row.name.split('/').pop() || 'download').replace(/\.[^.]*$/, '');
    const name = `${base}.${variant.format === 'jpeg' ? 'jpg' : variant.format}`;
    headers.set(
      'content-disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  }
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  headers.set('content-length', String(variant.bytes.length));
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(variant.bytes), { status: 200, headers });
}
