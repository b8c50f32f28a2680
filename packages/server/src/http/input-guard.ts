import type { MiddlewareHandler } from 'hono';
import { badRequest, HttpError } from '../kernel/errors.ts';
import { nestedTooDeep, TOO_DEEP } from './body-limits.ts';
import { NUL, textProblem } from '../kernel/text.ts';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * What every API route can count on before it runs: a request body, if there is one, is JSON
 * (a form post from another site is not), and every string in the path, the query and the body
 * is text Postgres can store: no NUL character, no lone UTF-16 surrogate (it would be stored as
 * U+FFFD, so the row would no longer match what was sent), and it nests no deeper than
 * MAX_JSON_DEPTH. The body stays in Hono's cache.
 */
export const guardInput: MiddlewareHandler = async (c, next) => {
  // A URL cannot carry a raw NUL; only its percent-encoding reaches here.
  const url = c.req.url;
  const queryAt = url.indexOf('?');
  if (/%00/.test(queryAt === -1 ? url : url.slice(0, queryAt))) throw badRequest(`The path ${NUL}`);
  if (queryAt !== -1 && /%00/.test(url.slice(queryAt))) throw badRequest(`The query ${NUL}`);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();

  const text = await c.req.text();
  if (!text) return next();
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json)');
  // Before parsing: walking a value nested thousands deep (below, in zod) overflows the stack.
  if (nestedTooDeep(text)) throw badRequest(TOO_DEEP);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON in request body');
  }
  const problem = textProblem(body);
  if (problem) throw badRequest(`${problem.at.length ? problem.at.join('.') : 'The body'} ${problem.message}`);
  return next();
};
