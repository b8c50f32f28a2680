/**
 * A local HTTP server playing S3 for the tests: just the calls Basin's S3 backend makes, path-style
 * (`/<bucket>/<key>`), signatures not checked. PutObject, multipart uploads (create, UploadPart,
 * UploadPartCopy, complete, abort, list), GetObject with Range, HeadObject, CopyObject (refusing
 * sources above `maxCopyObjectSize` as S3 does above 5 GiB), DeleteObject(s) and ListObjectsV2
 * with prefix and continuation (`maxKeys` a page, smaller than S3's 1,000 to exercise paging).
 * This file routes requests and writes answers, recording each call; what is stored and how each
 * operation changes it is s3-stand-in-objects.ts, the XML and errors s3-stand-in-wire.ts.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { S3Objects, type Bucket } from './s3-stand-in-objects.ts';
import { byBytes, element, elements, noSuchKey, readText, S3Error, xml } from './s3-stand-in-wire.ts';

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

export class S3StandIn {
  readonly calls: S3Call[] = [];
  /** The number of keys of each DeleteObjects call. */
  readonly deleteBatches: number[] = [];
  readonly #objects: S3Objects;
  readonly #server = createServer((request, response) => void this.#handle(request, response));
  #url = '';

  private constructor(
    readonly dir: string,
    private readonly options: S3StandInOptions,
  ) {
    this.#objects = new S3Objects(dir, options.buckets ?? ['basin']);
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

  /** Body bytes of uploads (PutObject, UploadPart) read so far, as they arrive. */
  get receivedBytes(): number {
    return this.#objects.receivedBytes;
  }

  /** The keys stored in `bucket` (under `prefix`), sorted. */
  keys(bucket = 'basin', prefix = ''): string[] {
    return this.#objects.keys(bucket, prefix);
  }

  /** Multipart uploads neither completed nor aborted. */
  openUploads(): { bucket: string; key: string; parts: number }[] {
    return this.#objects.openUploads();
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
      const objects = this.#objects.bucket(bucket);
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
        const upload = this.#objects.upload(query.get('uploadId')!, bucket, key);
        const number = Number(query.get('partNumber'));
        if (copyFrom) {
          operation = 'UploadPartCopy';
          const range = String(request.headers['x-amz-copy-source-range'] ?? '');
          const part = await this.#objects.uploadPartCopy(upload, number, String(copyFrom), range);
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
        const part = await this.#objects.uploadPart(upload, number, request);
        return this.#reply(operation, bucket, key, response, 200, '', { etag: part.etag });
      } else if (method === 'PUT' && copyFrom) {
        operation = 'CopyObject';
        const copied = await this.#objects.copyObject(objects, key, String(copyFrom), this.options.maxCopyObjectSize);
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
        const stored = await this.#objects.putObject(objects, key, request);
        return this.#reply(operation, bucket, key, response, 200, '', { etag: stored.etag });
      } else if (method === 'POST' && query.has('uploads')) {
        operation = 'CreateMultipartUpload';
        const uploadId = this.#objects.createUpload(bucket, key);
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
        const etag = await this.#objects.complete(objects, query.get('uploadId')!, bucket, key, await readText(request));
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
        await this.#objects.abort(query.get('uploadId')!, bucket, key);
        return this.#reply(operation, bucket, key, response, 204, '');
      } else if (method === 'DELETE') {
        operation = 'DeleteObject';
        await this.#objects.delete(objects, key);
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

  async #get(
    operation: string,
    bucket: string,
    key: string,
    objects: Bucket,
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

  #list(bucket: string, objects: Bucket, query: URLSearchParams): string {
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
    const uploads = this.#objects.uploadsUnder(bucket, prefix);
    return xml(
      'ListMultipartUploadsResult',
      element('Bucket', bucket) +
        element('Prefix', prefix) +
        element('IsTruncated', false) +
        uploads.map(([id, upload]) => `<Upload>${element('Key', upload.key)}${element('UploadId', id)}</Upload>`).join(''),
    );
  }

  async #deleteMany(objects: Bucket, body: string): Promise<string> {
    const keys = elements(body, 'Object').map((object) => elements(object, 'Key')[0] ?? '');
    if (keys.length > 1000) throw new S3Error(400, 'MalformedXML', 'At most 1000 keys a request');
    this.deleteBatches.push(keys.length);
    for (const key of keys) await this.#objects.delete(objects, key);
    const quiet = elements(body, 'Quiet')[0] === 'true';
    return xml('DeleteResult', quiet ? '' : keys.map((key) => `<Deleted>${element('Key', key)}</Deleted>`).join(''));
  }
}
