import { api } from '../fetcher';
import { projectRef } from '../project-path';

/** A URL anyone may download the file from for `expiresIn` seconds. */
export const signObject = (ref: string, bucket: string, path: string, expiresIn: number) =>
  api.POST('/api/platform/storage/{ref}/buckets/{id}/objects/sign', { path: { ...projectRef(ref), id: bucket }, body: { path, expiresIn } });

/** A public bucket's file URL. */
export const publicObjectUrl = (ref: string, bucket: string, path: string) =>
  api.POST('/api/platform/storage/{ref}/buckets/{id}/objects/public-url', { path: { ...projectRef(ref), id: bucket }, body: { path } });
