/**
 * Bucket ids and object keys as Supabase Storage accepts them: the characters S3 calls safe
 * (letters, digits, `_ / ! - . * ' ( ) space & $ @ = ; : + , ?`), no control characters. Keys
 * also become file paths (backend.ts), so a key may not start or end with `/`, hold an empty
 * segment (`a//b`) or a `.`/`..` segment, nor exceed 1,024 characters (255 per segment); a
 * bucket id may not start with `.` (the backend keeps its temporary files in `.tmp`).
 */
import { invalidBucketName, invalidKey, invalidRequest } from './errors.ts';

const KEY_CHARACTERS = /^[\w/!\-.*'() &$@=;:+,?]+$/;
const BUCKET_CHARACTERS = /^[\w!\-.*'() &$@=;:+,?]+$/;
export const MAX_KEY_LENGTH = 1024;
const MAX_SEGMENT_LENGTH = 255;
const MAX_BUCKET_LENGTH = 100;

export function isValidBucketId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= MAX_BUCKET_LENGTH && BUCKET_CHARACTERS.test(id) && !id.startsWith('.') && id.trim() === id;
}

export function isValidKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY_CHARACTERS.test(key)) return false;
  return key
    .split('/')
    .every((segment) => segment.length > 0 && segment.length <= MAX_SEGMENT_LENGTH && segment !== '.' && segment !== '..');
}

export function checkBucketId(id: unknown): string {
  if (!isValidBucketId(id)) throw invalidBucketName(String(id));
  return id;
}

export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || !key) throw invalidRequest('The object key is missing');
  if (!isValidKey(key)) throw invalidKey(key);
  return key;
}

/** The segments of a URL path after a route's prefix, each percent-decoded; a bad escape is a 400. */
export function decodeSegments(rest: string): string[] {
  return rest.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw invalidRequest('The path holds an invalid percent-encoding');
    }
  });
}

/** `{bucket}/{key...}` of a request path, both checked. */
export function bucketAndKey(segments: string[]): { bucket: string; key: string } {
  const [bucket, ...rest] = segments;
  return { bucket: checkBucketId(bucket), key: checkKey(rest.join('/')) };
}

/** storage-js's `_removeEmptyFolders`: what it would have sent for a key given with stray slashes. */
export const cleanKey = (key: string) => key.replace(/^\/|\/$/g, '').replace(/\/+/g, '/');
