/**
 * The `multipart/form-data` body storage-js sends for a Blob or File (and browsers' FormData):
 * small text fields first (`cacheControl`, `metadata`, `contentType`...), then the file, read as
 * a stream. Fields are held (a few KB at most); the file part never is: its bytes pass through
 * as they arrive, with the boundary looked for across chunk edges. Only the first file part is
 * kept, as Supabase Storage does; what follows it is not read.
 */
import { Readable } from 'node:stream';
import { invalidRequest } from './errors.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  /** The file part's own Content-Type, if it named one. */
  contentType: string | undefined;
  file: Readable;
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 32;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) throw invalidRequest('The multipart body has no valid boundary');
  return boundary;
}

const malformed = () => invalidRequest('The multipart body is malformed');

/** Pulls bytes from a stream into a small buffer the parser consumes from the front. */
class Bytes {
  buffer = Buffer.alloc(0);
  readonly #chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.#chunks = source[Symbol.asyncIterator]();
  }

  /** Adds the next chunk; false at the end of the stream. */
  async more(): Promise<boolean> {
    const next = await this.#chunks.next();
    if (next.done) return false;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : Buffer.from(next.value);
    return true;
  }

  /** The bytes before `delimiter` (which is consumed too), at most `limit` of them. */
  async until(delimiter: Buffer, limit: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        const before = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        return before;
      }
      if (this.buffer.length > limit + delimiter.length) throw malformed();
      if (!(await this.more())) throw malformed();
    }
  }

  /** Exactly `n` bytes. */
  async take(n: number): Promise<Buffer> {
    while (this.buffer.length < n) if (!(await this.more())) throw malformed();
    const taken = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return taken;
  }

  /** Everything before `delimiter`, chunk by chunk, leaving the delimiter unread. */
  async *streamUntil(delimiter: Buffer): AsyncGenerator<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at);
        return;
      }
      // The end of the buffer may hold the start of the delimiter: keep it for the next round.
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const out = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield out;
      }
      if (!(await this.more())) throw malformed();
    }
  }
}

interface PartHeaders {
  name: string | undefined;
  filename: string | undefined;
  contentType: string | undefined;
}

function parsePartHeaders(raw: string): PartHeaders {
  const headers = new Map<string, string>();
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const param = (name: string) => {
    const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]+)`, 'i').exec(disposition);
    return match ? (match[1]?.replace(/\\(.)/g, '$1') ?? match[2]) : undefined;
  };
  return { name: param('name'), filename: param('filename'), contentType: headers.get('content-type') };
}

/**
 * Reads the fields up to the first file part and answers with that part as a stream. A body that
 * ends before the part's closing boundary makes the stream fail: the upload is not kept.
 */
export async function readMultipartUpload(body: Readable, boundary: string): Promise<MultipartUpload> {
  const bytes = new Bytes(body);
  // The first boundary may follow a preamble; later ones follow a CRLF.
  bytes.buffer = Buffer.from(CRLF);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  await bytes.until(delimiter, MAX_FIELD_BYTES);
  for (let count = 0; count <= MAX_FIELDS; count++) {
    const after = (await bytes.take(2)).toString('latin1');
    if (after === '--') break; // the closing boundary: no file part
    if (after !== '\r\n') throw malformed();
    const part = parsePartHeaders((await bytes.until(HEADERS_END, MAX_HEADER_BYTES)).toString('utf8'));
    if (part.filename !== undefined || part.name === '' || part.name === undefined) {
      return { fields, contentType: part.contentType, file: Readable.from(bytes.streamUntil(delimiter), { objectMode: false }) };
    }
    fields[part.name] = (await bytes.until(delimiter, MAX_FIELD_BYTES)).toString('utf8');
  }
  throw invalidRequest('The multipart body holds no file');
}
