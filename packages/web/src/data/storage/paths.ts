import { projectApiPath } from '../project-path';

/**
 * An object's upload and download path (`/api/platform/storage/{ref}/buckets/{id}/objects/{path}`):
 * each segment of its name percent-encoded, slashes kept. Raw bodies, outside the typed client.
 */
export const objectPath = (ref: string | undefined, bucket: string, name: string) =>
  projectApiPath('platform/storage', ref, `/buckets/${encodeURIComponent(bucket)}/objects/${name.split('/').map(encodeURIComponent).join('/')}`);
