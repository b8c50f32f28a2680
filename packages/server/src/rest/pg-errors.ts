/**
 * A database error as PostgREST answers it: the SQLSTATE as the code, Postgres's message, detail
 * and hint, and the HTTP status of PostgREST's table (docs: references/errors, "HTTP Status
 * Codes"). `RAISE ... USING ERRCODE = 'PT4xx'` picks the status itself, `RAISE SQLSTATE 'PGRST'`
 * the whole answer.
 */
import pg from 'pg';
import { RestError } from './errors.ts';

const EXACT: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  '53400': 500,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
  P0001: 400,
  // PostgREST's class 55 is 500, but 55000 is the request's own doing: a write to a view that is not
  // updatable, currval before nextval.
  '55000': 400,
};

/** Two-character classes in PostgREST's table; any other code answers 400. */
const CLASSES: Record<string, number> = {
  '08': 503,
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503,
  '54': 500,
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
};

/** A status a function picked (`PTxyz`, or RAISE 'PGRST'): one an HTTP answer can carry, else 500. */
const answerable = (status: number) => (Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500);

function statusOfSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return answerable(Number(custom[1]));
  return EXACT[code] ?? CLASSES[code.slice(0, 2)] ?? 400;
}

/** The RestError of a database error; anything else is not one (the caller answers 500). */
export function restErrorOf(error: unknown, role: string): RestError | undefined {
  if (!(error instanceof pg.DatabaseError) || !error.code) return undefined;
  if (error.code === 'PGRST') return raisedPgrst(error.message, error.detail);
  return new RestError(statusOfSqlState(error.code, role), error.code, error.message, error.detail ?? null, error.hint ?? null);
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const parsed = (text: string | undefined): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
};
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code", "message", "details", "hint"}', detail =
 * '{"status", "headers"}'`: the function writes the whole answer. PGRST121 when either is not
 * such JSON; headers that HTTP cannot carry are left out.
 */
function raisedPgrst(message: string, detail: string | undefined): RestError {
  const body = parsed(message);
  const answer = parsed(detail);
  const unparsable = (details: string, hint: string) =>
    new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', details, hint);
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return unparsable(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detailHint = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined) return unparsable('DETAIL is missing in the RAISE statement', detailHint);
  if (!answer || typeof answer.status !== 'number' || !isObject(answer.headers))
    return unparsable(`Invalid JSON value for DETAIL: '${detail}'`, detailHint);
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] => HEADER_NAME.test(entry[0]) && typeof entry[1] === 'string' && !/[\r\n\0]/.test(entry[1]),
    ),
  );
  return new RestError(answerable(answer.status), body.code, body.message, text(body.details), text(body.hint), headers);
}
