/**
 * The most a request body may hold, enforced before anything parses it: its size while it arrives
 * (Content-Length first, else by counting the stream), so a huge body costs its sender, not the
 * platform; and a JSON body's depth, since parsing JSON does not recurse but walking what was
 * parsed does (the input guard, zod, JSON.stringify), and a few thousand levels overflow the stack.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';

export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** Far more than any real document nests, far fewer than the stack holds. */
export const MAX_JSON_DEPTH = 512;
const TOO_LARGE = `The request body is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MB`;
export const TOO_DEEP = `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** Whether JSON text nests arrays and objects deeper than MAX_JSON_DEPTH: one pass, strings skipped. */
export function nestedTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (char === ']' || char === '}') depth--;
  }
  return false;
}

/**
 * Runs `limit` only for methods that carry a body. Asking a GET for its body (as bodyLimit does)
 * makes node-server build the whole web Request from the incoming one, which cost a one-row GET
 * of the data API a tenth of its CPU.
 */
const withBody =
  (limit: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next);

/** Platform routes answer `{message}`; the input guard checks the depth of the JSON it reads. */
export const platformBodyLimit = withBody(bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json({ message: TOO_LARGE }, 413) }));

/** An API's answer to a body it refuses (413 too large, 400 too deep), in that API's own words. */
export type BodyRefusal = (c: Context, status: 400 | 413, message: string) => Response;

/**
 * For the project's APIs, which parse their bodies themselves: the size limit, then the depth
 * limit of a body the API reads as JSON (`readsJson`, every body unless told); the API then gets
 * the body byte for byte as it came.
 */
export function projectBodyLimits(refuse: BodyRefusal, readsJson: (c: Context) => boolean = () => true): MiddlewareHandler {
  return withBody(
    every(bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => refuse(c, 413, TOO_LARGE) }), async (c, next) => {
      if (!c.req.raw.body || !readsJson(c)) return next();
      const bytes = new Uint8Array(await c.req.raw.arrayBuffer());
      if (nestedTooDeep(new TextDecoder().decode(bytes))) return refuse(c, 400, TOO_DEEP);
      c.req.raw = new Request(c.req.raw, { body: bytes });
      return next();
    }),
  );
}
