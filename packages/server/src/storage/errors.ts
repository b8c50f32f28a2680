/**
 * Supabase Storage's error body, `{statusCode, code, error, message}` (statusCode a string), which
 * storage-js reads into StorageApiError (message, status, and `code`: `exists()` looks for
 * NoSuchKey). Unlike Supabase, the HTTP status is the one the body names, not 400 for most.
 * Database errors of a request's statement become these too: a policy's refusal is 403, a taken
 * name 409, a missing bucket 404; anything unexpected stays a failure of ours (500, logged).
 */
import pg from 'pg';
import { RestError } from '../rest/errors.ts';

export class StorageApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    /** Supabase's older word for the error, kept in `error` as Supabase Storage still answers it. */
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }

  response(): Response {
    return Response.json(this.body(), { status: this.status });
  }
}

export const noSuchBucket = () => new StorageApiError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const noSuchKey = () => new StorageApiError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const invalidRequest = (message: string) => new StorageApiError(400, 'InvalidRequest', 'Bad Request', message);
export const missingParameter = (name: string) =>
  new StorageApiError(400, 'MissingParameter', 'Bad Request', `Missing Required Parameter ${name}`);
export const invalidKey = (key: string) => new StorageApiError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const invalidBucketName = (name: string) =>
  new StorageApiError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`);
export const keyAlreadyExists = () => new StorageApiError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketAlreadyExists = () => new StorageApiError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketNotEmpty = () =>
  new StorageApiError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty');
export const entityTooLarge = () =>
  new StorageApiError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (mimeType: string) =>
  new StorageApiError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`);
export const accessDenied = (message: string) => new StorageApiError(403, 'AccessDenied', 'Unauthorized', message);
export const invalidJwt = (message: string) => new StorageApiError(400, 'InvalidJWT', 'Invalid JWT', message);
export const invalidRange = () =>
  new StorageApiError(416, 'InvalidRange', 'Range Not Satisfiable', 'The requested range is not satisfiable');
export const routeNotFound = () => new StorageApiError(404, 'NotFound', 'Not Found', 'No such route on the storage API');

/** A database or pool error of a storage statement as Supabase Storage words it; others pass through. */
export function asStorageError(error: unknown): unknown {
  if (error instanceof StorageApiError) return error;
  if (error instanceof RestError) {
    // The pool's answers: project paused or unreachable (503), no session in time (504).
    return new StorageApiError(
      error.status,
      'DatabaseError',
      error.status === 504 ? 'DatabaseTimeout' : 'Service Unavailable',
      error.message,
    );
  }
  if (!(error instanceof pg.DatabaseError)) return error;
  const code = error.code ?? '';
  if (code === '42501') {
    // "new row violates row-level security policy for table ..." or "permission denied for table ..."
    return accessDenied(error.message);
  }
  if (code === '23505') return error.table === 'buckets' ? bucketAlreadyExists() : keyAlreadyExists();
  if (code === '23503')
    return error.table === 'objects' && /bucket/i.test(error.constraint ?? '') && /still referenced/.test(error.detail ?? '')
      ? bucketNotEmpty()
      : noSuchBucket();
  if (code === '57014')
    return new StorageApiError(
      504,
      'DatabaseTimeout',
      'DatabaseTimeout',
      'Processing this request timed out, please retry after a moment.',
    );
  if (code === '25006')
    return new StorageApiError(503, 'DatabaseError', 'Service Unavailable', 'The project is in read-only mode: its disk is full');
  if (code.startsWith('22') || code.startsWith('23')) return invalidRequest(error.message);
  // A member's own code (a trigger, a policy's function) raising: their words, as a refusal.
  if (code === 'P0001') return invalidRequest(error.message);
  return error;
}
