/** A database error met before anything was sent or kept, as the platform's `{message}` with the data API's status. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../../../kernel/errors.ts';
import { RestError } from '../../../rest/errors.ts';
import { restErrorOf } from '../../../rest/pg-errors.ts';

export function asHttpError(error: unknown, role: string): unknown {
  const rest = error instanceof RestError ? error : restErrorOf(error, role);
  if (!rest || rest.status >= 500) return error;
  return new HttpError(rest.status as ContentfulStatusCode, rest.message);
}
