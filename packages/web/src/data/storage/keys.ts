import type { ListObjectsBody } from '@basin/core/schemas';

/** The bucket list shares its key with the API docs panel's, so both see a new bucket at once. */
export const storageKeys = {
  buckets: (ref: string | undefined) => ['projects', ref, 'buckets'] as const,
  bucket: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'buckets', 'detail', id] as const,
  objectsOf: (ref: string | undefined, bucket: string | undefined) => ['projects', ref, 'storage-objects', bucket] as const,
  objects: (ref: string | undefined, bucket: string | undefined, body: ListObjectsBody) => ['projects', ref, 'storage-objects', bucket, body] as const,
  settings: (ref: string | undefined) => ['projects', ref, 'storage-settings'] as const,
  archive: (ref: string | undefined) => ['projects', ref, 'storage-archive'] as const,
};
