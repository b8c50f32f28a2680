import { projectApiPath } from '../project-path';

/** `/api/platform/storage/{ref}{rest}`. */
export const storagePath = (ref: string | undefined, rest = '') => projectApiPath('platform/storage', ref, rest);

export const bucketPath = (ref: string | undefined, bucket: string, rest = '') => storagePath(ref, `/buckets/${encodeURIComponent(bucket)}${rest}`);

/** An object's upload and download path: each segment of its name percent-encoded, slashes kept. */
export const objectPath = (ref: string | undefined, bucket: string, name: string) =>
  bucketPath(ref, bucket, `/objects/${name.split('/').map(encodeURIComponent).join('/')}`);
