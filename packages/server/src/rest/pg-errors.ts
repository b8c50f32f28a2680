/**
 * A database error as PostgREST answers it: the SQLSTATE as the code, Postgres's message, detail
 * and hint, and the HTTP status of PostgREST's table (docs: references/errors, "HTTP Status
 * Codes"). `RAISE ... USING ERRCODE = 'PT4xx'` picks the status itself.
 */
import pg from 'pg';
import { RestError } from './errors.ts';

const EXACT: Record<string, number> = {
  '23503': 409, '23505': 409, '25006': 405, '53400': 500, '42883': 404, '42P01': 404, '42P17': 500, P0001: 400,
};

/** Two-character classes in PostgREST's table; any other code answers 400. */
const CLASSES: Record<string, number> = {
  '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500, '3B': 500,
  '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
};

export function statusOfSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  return EXACT[code] ?? CLASSES[code.slice(0, 2)] ?? 400;
}

/** The RestError of a database error; anything else is not one (the caller answers 500). */
export function restErrorOf(error: unknown, role: string): RestError | undefined {
  if (!(error instanceof pg.DatabaseError) || !error.code) return undefined;
  return new RestError(statusOfSqlState(error.code, role), error.code, error.message, error.detail ?? null, error.hint ?? null);
}
