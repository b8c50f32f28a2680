import type { UploadedObject } from '@basin/core/schemas';
import { ApiError } from '../fetcher';
import { objectPath } from './paths';

export interface UploadOptions {
  ref: string;
  bucket: string;
  /** The object's full name in the bucket. */
  name: string;
  file: Blob;
  upsert?: boolean;
  /** Bytes sent so far, and of how many. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file as the raw request body (streamed by the browser, no size limit of the
 * platform's JSON routes) with XMLHttpRequest, whose upload events report progress.
 */
export function uploadObject({ ref, bucket, name, file, upsert = false, onProgress, signal }: UploadOptions): Promise<UploadedObject> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', objectPath(ref, bucket, name));
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    if (upsert) request.setRequestHeader('x-upsert', 'true');
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(file.size, file.size);
        resolve(body as UploadedObject);
      } else {
        const message = (body as { message?: string } | undefined)?.message ?? `Upload failed with status ${request.status}`;
        reject(new ApiError(message, request.status, undefined, body));
      }
    };
    request.onerror = () => reject(new ApiError('Unable to reach the server. Check your connection and try again.', 0));
    request.onabort = () => reject(new ApiError('Upload cancelled', 0, 'aborted'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
