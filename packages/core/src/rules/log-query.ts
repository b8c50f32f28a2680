/**
 * Rules of log queries (logs.all): limits, the default time range, retention, and the parser
 * warnings of spec part 2 §5, read from a parse tree. The parsing itself happens on the server
 * (pgsql-parser is WebAssembly, heavier than the whole first-load bundle), which answers the
 * warnings with the result; this walker has no dependency, so the dashboard could run it on a tree
 * of its own.
 */
import { LOGS_MESSAGES } from '../logs-messages.ts';

/** A log query answers at most this many rows (the rest are not read). */
export const LOG_QUERY_MAX_ROWS = 1000;
/** ...and at most this much JSON. */
export const LOG_QUERY_MAX_BYTES = 10 * 1024 * 1024;
/** Longest SQL text accepted. */
export const LOG_QUERY_MAX_SQL_BYTES = 100 * 1024;
/** Each log query is cancelled after this long. */
export const LOG_QUERY_TIMEOUT_MS = 10_000;
/** Log queries one project may have running at once. */
export const LOG_QUERIES_PER_PROJECT = 3;
/** Without iso_timestamp_start, a query covers this much time before its end. */
export const LOG_QUERY_DEFAULT_RANGE_MS = 60 * 60 * 1000;

/** How long a project's logs are kept unless changed. */
export const LOG_RETENTION_DEFAULT_DAYS = 7;
/** The longest retention; 0 means logs are not kept (nor written) at all. */
export const LOG_RETENTION_MAX_DAYS = 90;

export type LogQueryWarning = (typeof LOGS_MESSAGES)['withOrSubquery' | 'ilike'];

/**
 * The spec's parser warnings for a Postgres parse tree (libpg_query's JSON, as pgsql-parser
 * answers it): WITH and subqueries anywhere (a WITH clause, a subquery in FROM, or a sublink:
 * scalar, EXISTS, IN, ANY, ARRAY), and ILIKE (NOT ILIKE too). Only node types and the kind of an
 * expression are looked at, so words inside strings, identifiers or comments never count.
 */
export function logQueryWarnings(tree: unknown): LogQueryWarning[] {
  let subquery = false;
  let ilike = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'withClause' || key === 'CommonTableExpr' || key === 'SubLink' || key === 'RangeSubselect') subquery = true;
      if (key === 'A_Expr' && isIlike(value)) ilike = true;
      visit(value);
    }
  };
  visit(tree);
  const warnings: LogQueryWarning[] = [];
  if (subquery) warnings.push(LOGS_MESSAGES.withOrSubquery);
  if (ilike) warnings.push(LOGS_MESSAGES.ilike);
  return warnings;
}

function isIlike(expression: unknown): boolean {
  return typeof expression === 'object' && expression !== null && (expression as { kind?: unknown }).kind === 'AEXPR_ILIKE';
}

/** Whether a retention setting is allowed: whole days from 0 (logs off) to the maximum. */
export function isValidLogRetention(days: number): boolean {
  return Number.isInteger(days) && days >= 0 && days <= LOG_RETENTION_MAX_DAYS;
}
