/**
 * What the S3 stand-in (s3-stand-in.ts) holds: each bucket's objects as files in a temporary
 * directory with their index in memory, and the multipart uploads under way. Its methods are the
 * operations' effects (store, copy, upload a part, complete, abort, delete), throwing S3's errors;
 * the server around it only routes requests and writes answers.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byBytes, elements, noSuchKey, S3Error } from './s3-stand-in-wire.ts';

export interface StoredObject {
  file: string;
  size: number;
  etag: string;
  lastModified: Date;
}

interface Part extends StoredObject {
  number: number;
}

export interface MultipartUpload {
  id: string;
  bucket: string;
  key: string;
  parts: Map<number, Part>;
}

/** One bucket's objects by key. */
export type Bucket = Map<string, StoredObject>;

export class S3Objects {
  /** Body bytes of uploads (PutObject, UploadPart) read so far, as they arrive. */
  receivedBytes = 0;
  readonly #buckets = new Map<string, Bucket>();
  readonly #uploads = new Map<string, MultipartUpload>();

  constructor(
    readonly dir: string,
    buckets: string[],
  ) {
    for (const bucket of buckets) this.#buckets.set(bucket, new Map());
  }

  bucket(name: string): Bucket | undefined {
    return this.#buckets.get(name);
  }

  /** The keys stored in `bucket` (under `prefix`), sorted. */
  keys(bucket: string, prefix: string): string[] {
    return [...(this.#buckets.get(bucket)?.keys() ?? [])].filter((key) => key.startsWith(prefix)).sort(byBytes);
  }

  /** Multipart uploads neither completed nor aborted. */
  openUploads(): { bucket: string; key: string; parts: number }[] {
    return [...this.#uploads.values()].map((u) => ({ bucket: u.bucket, key: u.key, parts: u.parts.size }));
  }

  /** The open uploads of `bucket` whose key starts with `prefix`, by upload id. */
  uploadsUnder(bucket: string, prefix: string): [string, MultipartUpload][] {
    return [...this.#uploads.entries()].filter(([, upload]) => upload.bucket === bucket && upload.key.startsWith(prefix));
  }

  async putObject(objects: Bucket, key: string, request: IncomingMessage): Promise<StoredObject> {
    const stored = await this.#receive(request);
    await this.#store(objects, key, stored);
    return stored;
  }

  /** CopyObject, refusing sources above `maxCopyObjectSize` (5 GiB unless given) as S3 does. */
  async copyObject(objects: Bucket, key: string, copySource: string, maxCopyObjectSize: number | undefined): Promise<StoredObject> {
    const source = this.#source(copySource);
    if (source.size > (maxCopyObjectSize ?? 5 * 1024 ** 3)) {
      throw new S3Error(
        400,
        'InvalidRequest',
        `The specified copy source is larger than the maximum allowable size for a copy source: ${maxCopyObjectSize}`,
      );
    }
    const file = path.join(this.dir, randomUUID());
    await copyFile(source.file, file);
    const copied = { ...source, file, lastModified: new Date() };
    await this.#store(objects, key, copied);
    return copied;
  }

  async delete(objects: Bucket, key: string): Promise<void> {
    const previous = objects.get(key);
    objects.delete(key);
    if (previous) await rm(previous.file, { force: true });
  }

  /** CreateMultipartUpload: the new upload's id. */
  createUpload(bucket: string, key: string): string {
    const uploadId = randomUUID();
    this.#uploads.set(uploadId, { id: uploadId, bucket, key, parts: new Map() });
    return uploadId;
  }

  /** The open upload `uploadId` of that object, or NoSuchUpload. */
  upload(uploadId: string, bucket: string, key: string): MultipartUpload {
    const upload = this.#uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key)
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    return upload;
  }

  async uploadPart(upload: MultipartUpload, number: number, request: IncomingMessage): Promise<Part> {
    const part = await this.#receive(request);
    if (!this.#uploads.has(upload.id)) {
      await rm(part.file, { force: true }); // aborted meanwhile
      throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    }
    return this.#setPart(upload, { ...part, number });
  }

  async uploadPartCopy(upload: MultipartUpload, number: number, copySource: string, range: string): Promise<Part> {
    const part = await this.#copyRange(copySource, range);
    return this.#setPart(upload, { ...part, number });
  }

  async abort(uploadId: string, bucket: string, key: string): Promise<void> {
    const upload = this.upload(uploadId, bucket, key);
    this.#uploads.delete(uploadId);
    for (const part of upload.parts.values()) await rm(part.file, { force: true });
  }

  /** CompleteMultipartUpload with the request's part list: the object's ETag. */
  async complete(objects: Bucket, uploadId: string, bucket: string, key: string, body: string): Promise<string> {
    const upload = this.upload(uploadId, bucket, key);
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

  async #store(objects: Bucket, key: string, stored: StoredObject): Promise<void> {
    const previous = objects.get(key);
    objects.set(key, stored);
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

  /** A part in its upload, in place of (and removing) one uploaded before with its number. */
  async #setPart(upload: MultipartUpload, part: Part): Promise<Part> {
    if (upload.parts.has(part.number)) await rm(upload.parts.get(part.number)!.file, { force: true });
    upload.parts.set(part.number, part);
    return part;
  }
}
