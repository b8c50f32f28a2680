/**
 * Objects' bytes in one S3 bucket (AWS, or an S3-compatible service through an endpoint), for
 * installs that outgrow one disk. A version is the object `<prefix><ref>/<bucket>/<key>/<version>`:
 * the layout of the file backend, under a key prefix instead of a folder.
 *
 * Uploads are streamed: @aws-sdk/lib-storage cuts the body into parts of `partSize` (5 MiB, S3's
 * smallest, unless the size limit needs larger ones to fit in S3's 10,000 parts) and sends at
 * most `queueSize` of them at once, so an upload holds a few parts in memory, never the whole
 * file. A body that fits in one part is a single PutObject; a longer one a multipart upload that
 * S3 makes visible only when it completes. The bytes are counted and hashed (MD5, the ETag: S3's
 * own ETag of a multipart object is not one) on the way, and a body that passes the size limit
 * aborts the multipart upload, so nothing is left.
 *
 * Copies (moves, copies, branches) are server-side: the bytes never pass through Basin. S3 copies
 * at most 5 GiB in one CopyObject; a larger object is copied in parts (UploadPartCopy).
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, type Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import type { ByteRange, ObjectLocation, StorageBackend, StoredBytes } from './backend-types.ts';
import { entityTooLarge, noSuchKey } from './errors.ts';
import { Meter } from './meter.ts';

const MIB = 1024 * 1024;
/** S3's limits: parts of at least 5 MiB (but the last), at most 10,000 of them, 5 GiB in one copy. */
const MIN_PART_SIZE = 5 * MIB;
const MAX_PARTS = 10_000;
const MAX_COPY_OBJECT_SIZE = 5 * 1024 * MIB;
/** DeleteObjects takes at most 1,000 keys a call. */
const DELETE_BATCH = 1000;
/** Copies of one branch's objects under way at once. */
const COPY_CONCURRENCY = 8;

/** The one client of a platform: sockets are pooled across requests and projects. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them (DeleteObjects): S3-compatible services do not all
    // take the newer CRC trailers on uploads. Bodies are hashed (MD5) by Basin anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds a socket while its client reads: the SDK's default of 50 would make the
    // 51st concurrent download wait for one to finish.
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: 512 }, httpsAgent: { keepAlive: true, maxSockets: 512 } },
  });
}

export interface S3BackendOptions {
  client: S3Client;
  bucket: string;
  /** The project's key prefix, `<BASIN_S3_PREFIX><ref>/`. */
  root: string;
  /** Upload parts (bytes): at least 5 MiB; grows with the size limit. */
  partSize?: number;
  /** Upload parts sent (and so held) at once. */
  queueSize?: number;
  /** Sources larger than this are copied in parts of `copyPartSize` (tests make both small). */
  maxCopyObjectSize?: number;
  copyPartSize?: number;
}

/** The error code of an SDK error (`name` is S3's `Code`; HeadObject's 404 has no body: `NotFound`). */
const s3Code = (error: unknown): string | undefined => (error instanceof Error ? error.name : undefined);
const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes(s3Code(error) ?? '');

/** `bucket/key` as CopySource wants it: URL-encoded, slashes kept. */
const copySource = (bucket: string, key: string) => `${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;

export class S3Backend implements StorageBackend {
  readonly client: S3Client;
  readonly bucket: string;
  readonly root: string;
  readonly #partSize: number;
  readonly #queueSize: number;
  readonly #maxCopyObjectSize: number;
  readonly #copyPartSize: number;

  constructor(options: S3BackendOptions) {
    if (!options.root.endsWith('/')) throw new Error('An S3 backend root is a key prefix ending in /');
    this.client = options.client;
    this.bucket = options.bucket;
    this.root = options.root;
    this.#partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
    this.#queueSize = options.queueSize ?? 2;
    this.#maxCopyObjectSize = options.maxCopyObjectSize ?? MAX_COPY_OBJECT_SIZE;
    this.#copyPartSize = options.copyPartSize ?? 512 * MIB;
  }

  keyOf({ bucket, key, version }: ObjectLocation): string {
    return `${this.root}${bucket}/${key}/${version}`;
  }

  async put(location: ObjectLocation, body: Readable, maxBytes: number): Promise<StoredBytes> {
    const meter = new Meter(maxBytes);
    // A body that fails or closes early fails the meter, which lib-storage reads, and so the upload.
    pipeline(body, meter, () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(location), Body: meter, ContentType: 'application/octet-stream' },
      // Parts big enough for the largest body allowed to fit in S3's 10,000.
      partSize: Math.max(this.#partSize, Math.ceil(maxBytes / MAX_PARTS)),
      queueSize: this.#queueSize,
      // A failed upload (a body past the limit, a client gone) aborts its multipart upload.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return { size: meter.bytes, etag: meter.hash.digest('hex') };
    } catch (error) {
      body.destroy();
      meter.destroy();
      throw meter.overLimit ? entityTooLarge() : error;
    }
  }

  async get(location: ObjectLocation, range?: ByteRange): Promise<{ size: number; body: Readable }> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(location),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // The whole object's size, as the file backend answers: a range's is after the slash.
      const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
      return { size: total === undefined ? (answer.ContentLength ?? 0) : Number(total), body: answer.Body as Readable };
    } catch (error) {
      if (isMissing(error)) throw noSuchKey();
      throw error;
    }
  }

  async size(location: ObjectLocation): Promise<number> {
    const size = await this.#sizeOf(this.keyOf(location));
    if (size === undefined) throw noSuchKey();
    return size;
  }

  async copy(from: ObjectLocation, to: ObjectLocation): Promise<void> {
    await this.#copyKey(this.keyOf(from), this.keyOf(to));
  }

  async #copyKey(fromKey: string, toKey: string): Promise<void> {
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: copySource(this.bucket, fromKey) }));
      return;
    } catch (error) {
      if (isMissing(error)) throw noSuchKey();
      // Too large for one CopyObject? (Asked only when it failed: most copies need no HeadObject.)
      const size = await this.#sizeOf(fromKey);
      if (size === undefined) throw noSuchKey();
      if (size <= this.#maxCopyObjectSize) throw error;
      await this.#copyInParts(fromKey, toKey, size);
    }
  }

  async #sizeOf(key: string): Promise<number | undefined> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** A server-side copy of an object larger than one CopyObject takes, part by part. */
  async #copyInParts(fromKey: string, toKey: string, size: number): Promise<void> {
    const partSize = Math.max(this.#copyPartSize, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, ContentType: 'application/octet-stream' }),
    );
    try {
      const parts = [];
      for (let start = 0, number = 1; start < size; start += partSize, number++) {
        const end = Math.min(start + partSize, size) - 1;
        const answer = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: toKey,
            UploadId,
            PartNumber: number,
            CopySource: copySource(this.bucket, fromKey),
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ PartNumber: number, ETag: answer.CopyPartResult?.ETag });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId })).catch(() => {});
      if (isMissing(error)) throw noSuchKey();
      throw error;
    }
  }

  async remove(locations: ObjectLocation[]): Promise<void> {
    await this.#deleteKeys(locations.map((location) => this.keyOf(location)));
  }

  async removeBucket(bucket: string): Promise<void> {
    await this.#deletePrefix(`${this.root}${bucket}/`);
  }

  async removeAll(): Promise<void> {
    await this.#deletePrefix(this.root);
    // Uploads cut off (by a crash, or under way now) would keep their parts, invisible and billed.
    await this.#abortUploads(this.root);
  }

  /**
   * Gives `target` (another project's root in the same bucket) a copy of every object here: a
   * branch with data. Whatever `target` held is removed first, so a retry starts over.
   */
  async cloneInto(target: S3Backend): Promise<void> {
    if (target.bucket !== this.bucket || target.client !== this.client) throw new Error('A clone stays in its bucket');
    await target.removeAll();
    for await (const page of this.#list(this.root)) {
      const keys = [...page];
      const work = async () => {
        for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
          try {
            await this.#copyKey(key, `${target.root}${key.slice(this.root.length)}`);
          } catch (error) {
            // Removed since it was listed (a delete under way): the branch does not need it.
            if ((error as { code?: string }).code !== 'NoSuchKey') throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: COPY_CONCURRENCY }, work));
    }
  }

  /**
   * The sizes S3 lists under the project's prefix (one ListObjectsV2 per 1,000 objects). The
   * parts of multipart uploads under way are not listed, so not counted.
   */
  async storedBytes(): Promise<number> {
    let bytes = 0;
    let token: string | undefined;
    do {
      const answer = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.root, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const object of answer.Contents ?? []) if (object.Key?.startsWith(this.root)) bytes += object.Size ?? 0;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
    return bytes;
  }

  /** The keys under `prefix`, a page (at most 1,000) at a time. */
  async *#list(prefix: string): AsyncGenerator<string[]> {
    let token: string | undefined;
    do {
      const answer = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
      );
      const keys = (answer.Contents ?? []).map((object) => object.Key!).filter((key) => key.startsWith(prefix));
      if (keys.length) yield keys;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }

  async #deletePrefix(prefix: string): Promise<void> {
    // Each page is deleted before the next is asked for: the continuation token is past it.
    for await (const keys of this.#list(prefix)) await this.#deleteKeys(keys);
  }

  async #deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // A missing key is no error (S3 answers it as deleted); anything else is.
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length)
        throw new Error(
          `S3 did not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`.trim(),
        );
    }
  }

  async #abortUploads(prefix: string): Promise<void> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const answer = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          ...(keyMarker ? { KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker } : {}),
        }),
      );
      for (const upload of answer.Uploads ?? []) {
        if (!upload.Key?.startsWith(prefix)) continue;
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }))
          .catch((error: unknown) => {
            if (s3Code(error) !== 'NoSuchUpload') throw error;
          });
      }
      keyMarker = answer.IsTruncated ? answer.NextKeyMarker : undefined;
      uploadIdMarker = answer.NextUploadIdMarker;
    } while (keyMarker);
  }
}
