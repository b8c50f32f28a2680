/** The interface every storage backend implements (backend.ts: files, s3-backend.ts: S3), and the locations it speaks of. */
import type { Readable } from 'node:stream';

export interface ObjectLocation {
  bucket: string;
  key: string;
  version: string;
}

/** Both ends included, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredBytes {
  size: number;
  /** Hex MD5 of the bytes. */
  etag: string;
}

export interface StorageBackend {
  /** Streams `body` into `location` whole, or throws (EntityTooLarge beyond `maxBytes`) leaving nothing. */
  put(location: ObjectLocation, body: Readable, maxBytes: number): Promise<StoredBytes>;
  /** The bytes of `location` (within `range`); NoSuchKey when they are missing. */
  get(location: ObjectLocation, range?: ByteRange): Promise<{ size: number; body: Readable }>;
  /** How many bytes `location` holds; NoSuchKey when they are missing. */
  size(location: ObjectLocation): Promise<number>;
  /** Makes `to` hold the bytes of `from` (a new version name). */
  copy(from: ObjectLocation, to: ObjectLocation): Promise<void>;
  /** Removes these versions; missing ones are no error. */
  remove(locations: ObjectLocation[]): Promise<void>;
  /** Removes whatever is left of a bucket (it has no rows any more). */
  removeBucket(bucket: string): Promise<void>;
  /** Removes every bucket's bytes: the project is being deleted. */
  removeAll(): Promise<void>;
  /** The bytes the backend holds for the project, as it measures them (uploads under way included where it can see them). */
  storedBytes(): Promise<number>;
}
