/**
 * The most a request body may hold, enforced while it arrives (Content-Length first, else by
 * counting the stream), before anything parses it: a huge body costs its sender, not the platform.
 */
import { bodyLimit } from 'hono/body-limit';
import { RestError } from '../rest/errors.ts';

export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = `The request body is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MB`;

/** Platform routes answer `{message}`. */
export const platformBodyLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json({ message: TOO_LARGE }, 413) });

/** The data API answers PostgREST's error body. */
export const restBodyLimit = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) => c.json(new RestError(413, 'PGRST102', TOO_LARGE).body(), 413),
});
