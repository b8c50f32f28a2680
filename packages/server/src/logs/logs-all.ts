/**
 * logs.all: a member's SQL over the project's log sources. The isolation is Postgres's, not this
 * file's: the query runs as the project's reader login (reader-role.ts), which can read nothing but
 * the views of schema `logs`, and those show only the rows of the project the login belongs to
 * (session_user, which the session cannot change). So whatever the SQL does — functions that run
 * SQL from strings (query_to_xml), set_config on any setting, set role — it reaches at most its own
 * project's logs. The time range is applied by the views from two settings set here; widening them
 * shows more of the same project, within what retention kept.
 *
 * Around that: one SELECT only (checked with the parser, then sent alone with the extended
 * protocol, which takes one statement), in a read-only transaction, statement_timeout, at most
 * LOG_QUERY_MAX_ROWS rows and LOG_QUERY_MAX_BYTES of JSON (built and measured inside Postgres, so
 * a huge result is never sent), a few queries per project at once, and a session that outlives
 * its deadline is ended by the platform.
 */
import {
  LOG_QUERIES_PER_PROJECT,
  LOG_QUERY_DEFAULT_RANGE_MS,
  LOG_QUERY_MAX_BYTES,
  LOG_QUERY_MAX_ROWS,
  LOG_QUERY_TIMEOUT_MS,
  LOGS_MESSAGES,
} from '@basin/core';
import type { LogRow, LogsQueryParams, LogsQueryResult } from '@basin/core/schemas';
import type pg from 'pg';
import { badRequest, HttpError } from '../kernel/errors.ts';
import { requirePermission, requireProject } from '../services/organizations/access.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { RunSlots } from '../services/projects/run-slots.ts';
import { checkLogQuery } from './log-query-check.ts';
import { ensureReader, forgetReader, readerPool } from './reader-role.ts';

/** A session still running this long after its statement timeout is ended by the platform. */
const GRACE_MS = 2_000;
const running = new RunSlots(LOG_QUERIES_PER_PROJECT);

export interface LogRange {
  start: Date;
  end: Date;
}

/** The query's range: the end defaults to now, the start to LOG_QUERY_DEFAULT_RANGE_MS before the end. */
export function logRange(params: Pick<LogsQueryParams, 'iso_timestamp_start' | 'iso_timestamp_end'>, now = new Date()): LogRange {
  const end = params.iso_timestamp_end ? new Date(params.iso_timestamp_end) : now;
  const start = params.iso_timestamp_start ? new Date(params.iso_timestamp_start) : new Date(end.getTime() - LOG_QUERY_DEFAULT_RANGE_MS);
  if (!(start < end)) throw badRequest(LOGS_MESSAGES.rangeOrder);
  return { start, end };
}

export async function queryLogs(ctx: PlatformContext, ref: string, userId: string, params: LogsQueryParams): Promise<LogsQueryResult> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'analytics:read');
  const range = logRange(params);
  const checked = await checkLogQuery(params.sql);
  if (!checked.ok) return { result: [], error: { message: checked.error }, warnings: checked.warnings };
  const release = running.take(ref);
  if (!release) throw new HttpError(429, LOGS_MESSAGES.busy);
  try {
    const outcome = await runAsReader(ctx, ref, checked.statement, range);
    return { ...outcome, warnings: checked.warnings };
  } finally {
    release();
  }
}

/** The member's statement inside the query that caps and serialises its rows. */
export function wrappedStatement(statement: string): string {
  // Newlines around it: a trailing line comment in the statement must not swallow the wrapper.
  return `select case when octet_length(body) <= ${LOG_QUERY_MAX_BYTES} then body end as body
from (select coalesce('[' || string_agg(line, ',') || ']', '[]') as body
      from (select to_jsonb(q)::text as line from (
${statement}
) as q limit ${LOG_QUERY_MAX_ROWS}) as capped) as answer`;
}

/** 28P01: the reader's password is not the one derived now (another secret made it). */
const LOGIN_REFUSED = '28P01';
const TOO_MANY_CONNECTIONS = '53300';

async function runAsReader(
  ctx: PlatformContext,
  ref: string,
  statement: string,
  range: LogRange,
): Promise<Pick<LogsQueryResult, 'result' | 'error'>> {
  let client: pg.PoolClient;
  try {
    await ensureReader(ctx, ref);
    client = await readerPool(ctx, ref).connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === LOGIN_REFUSED) forgetReader(ctx, ref);
    if (code === TOO_MANY_CONNECTIONS) throw new HttpError(429, LOGS_MESSAGES.busy);
    ctx.logger.error({ err: error, ref }, 'log query could not get a session');
    throw new HttpError(503, LOGS_MESSAGES.unavailable);
  }
  const pid = (client as unknown as { processID?: number }).processID;
  let ended = false;
  const deadline = setTimeout(() => {
    ended = true;
    // The platform's own session ends it whatever the query did to its timeout.
    if (pid) ctx.db.query('select pg_terminate_backend($1)', [pid]).catch(() => {});
  }, LOG_QUERY_TIMEOUT_MS + GRACE_MS);
  try {
    await client.query(
      `begin read only; set local statement_timeout = ${LOG_QUERY_TIMEOUT_MS};
       set local basin.logs_start = '${range.start.toISOString()}'; set local basin.logs_end = '${range.end.toISOString()}'`,
    );
    const { rows } = await client.query<{ body: string | null }>({
      text: wrappedStatement(statement),
      queryMode: 'extended',
    } as pg.QueryConfig);
    const text = rows[0]?.body;
    if (text === null || text === undefined)
      return { result: [], error: { message: LOGS_MESSAGES.resultTooLarge(LOG_QUERY_MAX_BYTES / 1024 / 1024) } };
    return { result: JSON.parse(text) as LogRow[], error: null };
  } catch (error) {
    if (ended) return { result: [], error: { message: LOGS_MESSAGES.stopped } };
    if (!isPostgresError(error)) throw error;
    return { result: [], error: { message: error.message } };
  } finally {
    clearTimeout(deadline);
    await finish(client, ended);
  }
}

/** Back to a clean session for the next query (DISCARD ALL drops advisory locks and settings too), or closed. */
async function finish(client: pg.PoolClient, ended: boolean): Promise<void> {
  if (ended) return client.release(true);
  try {
    await client.query('rollback');
    await client.query('discard all');
    client.release();
  } catch {
    client.release(true);
  }
}

function isPostgresError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}
