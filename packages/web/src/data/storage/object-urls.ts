import type { PublicObjectUrl, SignedObjectUrl } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { bucketPath } from './paths';

/** A URL anyone may download the file from for `expiresIn` seconds. */
export const signObject = (ref: string, bucket: string, path: string, expiresIn: number) =>
  fetcher<SignedObjectUrl>(bucketPath(ref, bucket, '/objects/sign'), { method: 'POST', body: { path, expiresIn } });

/** A public bucket's file URL. */
export const publicObjectUrl = (ref: string, bucket: string, path: string) =>
  fetcher<PublicObjectUrl>(bucketPath(ref, bucket, '/objects/public-url'), { method: 'POST', body: { path } });
