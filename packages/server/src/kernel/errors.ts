import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '@basin/core';

/** An error whose message is safe to show: answered as { message } with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, MESSAGES.notSignedIn);
export const forbidden = (message: string = MESSAGES.noPermission) => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, MESSAGES.notFound(what));
export const conflict = (message: string) => new HttpError(409, message);
