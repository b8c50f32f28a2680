/**
 * A local HTTP server playing S3 for the tests: just the calls Basin's S3 backend makes, path-style
 * (`/<bucket>/<key>`), signatures not checked. Objects are files in a temporary directory, their
 * index is in memory. PutObject, multipart uploads (create, UploadPart, UploadPartCopy, complete,
 * abort, list), GetObject with Range, HeadObject, CopyObject (refusing sources above
 * `maxCopyObjectSize` as S3 does above 5 GiB), DeleteObject(s) and ListObjectsV2 with prefix and
 * continuation (`maxKeys` a page, smaller than S3's 1,000 to exercise paging).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface StoredObject {
  file: string;
  size: number;
  etag: string;
  lastModified: Date;
}

interface Part extends StoredObject {
  number: number;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  parts: Map<number, Part>;
}

/** One call the stand-in answered, by S3's operation name. */
export interface S3Call {
  operation: string;
  bucket: string;
  key: string;
  status: number;
}

export interface S3StandInOptions {
  buckets?: string[];
  /** Keys in one ListObjectsV2 page at most (S3: 1,000). */
  maxKeys?: number;
  /** CopyObject refuses larger sources (S3: 5 GiB). */
  maxCopyObjectSize?: number;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
const xmlUnescape = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity.toLowerCase()]!;
  });
const xml = (root: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`;
const element = (name: string, value: string | number | boolean) =>
  `<${name}>${typeof value === 'string' ? xmlEscape(value) : String(value)}</${name}>`;
/** Every `<name>…</name>` of a request body, unescaped. */
const elements = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => xmlUnescape(m[1]!));

/** S3 sorts keys by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export class S3StandIn {
  readonly calls: S3Call[] = [];
  /** Body bytes of uploads (PutObject, UploadPart) read so far, as they arrive. */
  receivedBytes = 0;
  /** The number of keys of each DeleteObjects call. */
  readonly deleteBatches: number[] = [];
  readonly #buckets = new Map<string, Map<string, StoredObject>>();
  readonly #uploads = new Map<string, MultipartUpload>();
  readonly #server = createServer((request, response) => void this.#handle(request, response));
  #url = '';

  private constructor(
    readonly dir: string,
    private readonly options: S3StandInOptions,
  ) {
    for (const bucket of options.buckets ?? ['basin']) this.#buckets.set(bucket, new Map());
  }

  static async start(options: S3StandInOptions = {}): Promise<S3StandIn> {
    const standIn = new S3StandIn(await mkdtemp(path.join(os.tmpdir(), 'basin-s3-')), options);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    standIn.#url = `http://127.0.0.1:${(standIn.#server.address() as AddressInfo).port}`;
    return standIn;
  }

  get url(): string {
    return this.#url;
  }

  /** The keys stored in `bucket` (under `prefix`), sorted. */
  keys(bucket = 'basin', prefix = ''): string[] {
    return [...(this.#buckets.get(bucket)?.keys() ?? [])].filter((key) => key.startsWith(prefix)).sort(byBytes);
  }

  /** Multipart uploads neither completed nor aborted. */
  openUploads(): { bucket: string; key: string; parts: number }[] {
    return [...this.#uploads.values()].map((u) => ({ bucket: u.bucket, key: u.key, parts: u.parts.size }));
  }

  count(operation: string): number {
    return this.calls.filter((call) => call.operation === operation).length;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    await rm(this.dir, { recursive: true, force: true });
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [bucketSegment = '', ...keySegments] = url.pathname.slice(1).split('/');
    const bucket = decodeURIComponent(bucketSegment);
    const key = keySegments.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    let operation = `${request.method} ${url.pathname}`;
    try {
      const objects = this.#buckets.get(bucket);
      if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (
        String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-') ||
        /aws-chunked/.test(String(request.headers['content-encoding'] ?? ''))
      ) {
        throw new S3Error(501, 'NotImplemented', 'The stand-in takes no aws-chunked bodies');
      }
      const method = request.method ?? 'GET';
      const copyFrom = request.headers['x-amz-copy-source'];
      if (!key) {
        if (method === 'GET' && query.get('list-type') === '2')
          return this.#reply((operation = 'ListObjectsV2'), bucket, key, response, 200, this.#list(bucket, objects, query));
        if (method === 'GET' && query.has('uploads'))
          return this.#reply((operation = 'ListMultipartUploads'), bucket, key, response, 200, this.#listUploads(bucket, query));
        if (method === 'POST' && query.has('delete')) {
          operation = 'DeleteObjects';
          return this.#reply(operation, bucket, key, response, 200, await this.#deleteMany(objects, await readText(request)));
        }
      } else if (method === 'PUT' && query.has('uploadId') && query.has('partNumber')) {
        const upload = this.#upload(query.get('uploadId')!, bucket, key);
        const number = Number(query.get('partNumber'));
        if (copyFrom) {
          operation = 'UploadPartCopy';
          const part = await this.#copyRange(String(copyFrom), String(request.headers['x-amz-copy-source-range'] ?? ''));
          if (upload.parts.has(number)) await rm(upload.parts.get(number)!.file, { force: true });
          upload.parts.set(number, { ...part, number });
          return this.#reply(
            operation,
            bucket,
            key,
            response,
            200,
            xml('CopyPartResult', element('ETag', part.etag) + element('LastModified', part.lastModified.toISOString())),
          );
        }
        operation = 'UploadPart';
        const part = await this.#receive(request);
        if (!this.#uploads.has(query.get('uploadId')!)) {
          await rm(part.file, { force: true }); // aborted meanwhile
          throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
        }
        if (upload.parts.has(number)) await rm(upload.parts.get(number)!.file, { force: true });
        upload.parts.set(number, { ...part, number });
        return this.#reply(operation, bucket, key, response, 200, '', { etag: part.etag });
      } else if (method === 'PUT' && copyFrom) {
        operation = 'CopyObject';
        const source = this.#source(String(copyFrom));
        if (source.size > (this.options.maxCopyObjectSize ?? 5 * 1024 ** 3)) {
          throw new S3Error(
            400,
            'InvalidRequest',
            `The specified copy source is larger than the maximum allowable size for a copy source: ${this.options.maxCopyObjectSize}`,
          );
        }
        const file = path.join(this.dir, randomUUID());
        await copyFile(source.file, file);
        const copied = { ...source, file, lastModified: new Date() };
        await this.#store(objects, key, copied);
        return this.#reply(
          operation,
          bucket,
          key,
          response,
          200,
          xml('CopyObjectResult', element('ETag', copied.etag) + element('LastModified', copied.lastModified.toISOString())),
        );
      } else if (method === 'PUT') {
        operation = 'PutObject';
        const stored = await this.#receive(request);
        await this.#store(objects, key, stored);
        return this.#reply(operation, bucket, key, response, 200, '', { etag: stored.etag });
      } else if (method === 'POST' && query.has('uploads')) {
        operation = 'CreateMultipartUpload';
        const uploadId = randomUUID();
        this.#uploads.set(uploadId, { bucket, key, parts: new Map() });
        return this.#reply(
          operation,
          bucket,
          key,
          response,
          200,
          xml('InitiateMultipartUploadResult', element('Bucket', bucket) + element('Key', key) + element('UploadId', uploadId)),
        );
      } else if (method === 'POST' && query.has('uploadId')) {
        operation = 'CompleteMultipartUpload';
        const etag = await this.#complete(objects, query.get('uploadId')!, bucket, key, await readText(request));
        return this.#reply(
          operation,
          bucket,
          key,
          response,
          200,
          xml('CompleteMultipartUploadResult', element('Bucket', bucket) + element('Key', key) + element('ETag', etag)),
        );
      } else if (method === 'DELETE' && query.has('uploadId')) {
        operation = 'AbortMultipartUpload';
        const upload = this.#upload(query.get('uploadId')!, bucket, key);
        this.#uploads.delete(query.get('uploadId')!);
        for (const part of upload.parts.values()) await rm(part.file, { force: true });
        return this.#reply(operation, bucket, key, response, 204, '');
      } else if (method === 'DELETE') {
        operation = 'DeleteObject';
        await this.#delete(objects, key);
        return this.#reply(operation, bucket, key, response, 204, '');
      } else if (method === 'GET' || method === 'HEAD') {
        operation = method === 'GET' ? 'GetObject' : 'HeadObject';
        return await this.#get(operation, bucket, key, objects, request, response);
      }
      throw new S3Error(501, 'NotImplemented', `${request.method} ${request.url} is not played by the stand-in`);
    } catch (error) {
      request.resume();
      const s3 = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      const body =
        request.method === 'HEAD'
          ? ''
          : xml(
              'Error',
              element('Code', s3.code) + element('Message', s3.message) + element('Key', key) + element('RequestId', randomUUID()),
            );
      this.#reply(operation, bucket, key, response, s3.status, body.replace(' xmlns="http://s3.amazonaws.com/doc/2006-03-01/"', ''));
    }
  }

  #reply(
    operation: string,
    bucket: string,
    key: string,
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void {
    this.calls.push({ operation, bucket, key, status });
    response.writeHead(status, {
      'x-amz-request-id': randomUUID(),
      ...(body ? { 'content-type': 'application/xml' } : {}),
      ...headers,
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  /** A request body into a new file, hashed and counted as it arrives. */
  async #receive(request: IncomingMessage): Promise<StoredObject> {
    const file = path.join(this.dir, randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        size += chunk.length;
        this.receivedBytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(request, count, createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { file, size, etag: `"${hash.digest('hex')}"`, lastModified: new Date() };
  }

  async #store(objects: Map<string, StoredObject>, key: string, stored: StoredObject): Promise<void> {
    const previous = objects.get(key);
    objects.set(key, stored);
    if (previous) await rm(previous.file, { force: true });
  }

  async #delete(objects: Map<string, StoredObject>, key: string): Promise<void> {
    const previous = objects.get(key);
    objects.delete(key);
    if (previous) await rm(previous.file, { force: true });
  }

  /** `x-amz-copy-source`: `bucket/key`, URL-encoded, with or without a leading slash. */
  #source(copySource: string): StoredObject {
    const [bucket = '', ...rest] = decodeURIComponent(copySource.replace(/^\//, '').split('?')[0]!).split('/');
    const object = this.#buckets.get(bucket)?.get(rest.join('/'));
    if (!object) throw noSuchKey();
    return object;
  }

  async #copyRange(copySource: string, range: string): Promise<StoredObject> {
    const source = this.#source(copySource);
    const match = /^bytes=(\d+)-(\d+)$/.exec(range);
    const start = match ? Number(match[1]) : 0;
    const end = match ? Number(match[2]) : source.size - 1;
    if (start > end || end >= source.size)
      throw new S3Error(400, 'InvalidArgument', 'The x-amz-copy-source-range value must be of the form bytes=first-last within the object');
    const file = path.join(this.dir, randomUUID());
    const hash = createHash('md5');
    await pipeline(
      createReadStream(source.file, { start, end }),
      new Transform({
        transform: (chunk: Buffer, _encoding, done) => {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(file),
    );
    return { file, size: end - start + 1, etag: `"${hash.digest('hex')}"`, lastModified: new Date() };
  }

  #upload(uploadId: string, bucket: string, key: string): MultipartUpload {
    const upload = this.#uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key)
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    return upload;
  }

  async #complete(objects: Map<string, StoredObject>, uploadId: string, bucket: string, key: string, body: string): Promise<string> {
    const upload = this.#upload(uploadId, bucket, key);
    const listed = elements(body, 'Part').map((part) => ({
      number: Number(elements(part, 'PartNumber')[0]),
      etag: elements(part, 'ETag')[0],
    }));
    if (!listed.length) throw new S3Error(400, 'MalformedXML', 'No parts listed');
    const parts = listed.map(({ number, etag }, index) => {
      const part = upload.parts.get(number);
      if (!part || part.etag.replace(/"/g, '') !== etag?.replace(/"/g, ''))
        throw new S3Error(400, 'InvalidPart', `Part ${number} was not uploaded`);
      if (index > 0 && number <= listed[index - 1]!.number) throw new S3Error(400, 'InvalidPartOrder', 'Parts must be in ascending order');
      return part;
    });
    const file = path.join(this.dir, randomUUID());
    const out = createWriteStream(file);
    for (const part of parts) await pipeline(createReadStream(part.file), out, { end: false });
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const md5s = createHash('md5');
    for (const part of parts) md5s.update(Buffer.from(part.etag.replace(/"/g, ''), 'hex'));
    const etag = `"${md5s.digest('hex')}-${parts.length}"`;
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    this.#uploads.delete(uploadId);
    for (const part of upload.parts.values()) await rm(part.file, { force: true });
    await this.#store(objects, key, { file, size, etag, lastModified: new Date() });
    return etag;
  }

  async #get(
    operation: string,
    bucket: string,
    key: string,
    objects: Map<string, StoredObject>,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const object = objects.get(key);
    if (!object) throw operation === 'HeadObject' ? new S3Error(404, 'NotFound', 'Not Found') : noSuchKey();
    const headers: Record<string, string> = {
      etag: object.etag,
      'last-modified': object.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    let start = 0;
    let end = object.size - 1;
    if (range && (range[1] || range[2])) {
      if (range[1]) {
        start = Number(range[1]);
        if (range[2]) end = Math.min(Number(range[2]), object.size - 1);
      } else start = Math.max(0, object.size - Number(range[2]));
      if (start >= object.size || start > end) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
      headers['content-range'] = `bytes ${start}-${end}/${object.size}`;
    }
    const status = headers['content-range'] ? 206 : 200;
    this.calls.push({ operation, bucket, key, status });
    response.writeHead(status, { ...headers, 'content-length': String(object.size ? end - start + 1 : 0) });
    if (operation === 'HeadObject' || object.size === 0) return void response.end();
    await pipeline(createReadStream(object.file, { start, end }), response).catch(() => {});
  }

  #list(bucket: string, objects: Map<string, StoredObject>, query: URLSearchParams): string {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), this.options.maxKeys ?? 1000);
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString() : (query.get('start-after') ?? '');
    const urlEncoded = query.get('encoding-type') === 'url';
    const encode = (text: string) => (urlEncoded ? encodeURIComponent(text) : text);
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && byBytes(key, after) > 0).sort(byBytes);
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents>${element('Key', encode(key))}${element('LastModified', object.lastModified.toISOString())}${element('ETag', object.etag)}${element('Size', object.size)}${element('StorageClass', 'STANDARD')}</Contents>`;
      })
      .join('');
    return xml(
      'ListBucketResult',
      element('Name', bucket) +
        element('Prefix', encode(prefix)) +
        element('KeyCount', page.length) +
        element('MaxKeys', maxKeys) +
        (urlEncoded ? element('EncodingType', 'url') : '') +
        element('IsTruncated', truncated) +
        (token ? element('ContinuationToken', token) : '') +
        (truncated ? element('NextContinuationToken', Buffer.from(page[page.length - 1]!).toString('base64url')) : '') +
        contents,
    );
  }

  #listUploads(bucket: string, query: URLSearchParams): string {
    const prefix = query.get('prefix') ?? '';
    const uploads = [...this.#uploads.entries()].filter(([, upload]) => upload.bucket === bucket && upload.key.startsWith(prefix));
    return xml(
      'ListMultipartUploadsResult',
      element('Bucket', bucket) +
        element('Prefix', prefix) +
        element('IsTruncated', false) +
        uploads.map(([id, upload]) => `<Upload>${element('Key', upload.key)}${element('UploadId', id)}</Upload>`).join(''),
    );
  }

  async #deleteMany(objects: Map<string, StoredObject>, body: string): Promise<string> {
    const keys = elements(body, 'Object').map((object) => elements(object, 'Key')[0] ?? '');
    if (keys.length > 1000) throw new S3Error(400, 'MalformedXML', 'At most 1000 keys a request');
    this.deleteBatches.push(keys.length);
    for (const key of keys) await this.#delete(objects, key);
    const quiet = elements(body, 'Quiet')[0] === 'true';
    return xml('DeleteResult', quiet ? '' : keys.map((key) => `<Deleted>${element('Key', key)}</Deleted>`).join(''));
  }
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
