/**
 * Runs the SQL editor's queries on a project's instance. Each run gets its own connection (so
 * that no session state, open transaction or temporary table leaks from one run into the next),
 * as `postgres` for members who may read the credentials and as `basin_readonly` for the others:
 * never as the platform's superuser. No run outlives its deadline, and a member has at most
 * SQL_RUNS_PER_MEMBER running on a project, so the editor cannot take a project's connections.
 */
import { SQL_EDITOR_MESSAGES, SQL_RESULT_MAX_BYTES, SQL_RESULT_MAX_ROWS, SQL_RUNS_PER_MEMBER } from '@basin/core';
import type { SqlError, SqlField, SqlResult } from '@basin/core/schemas';
import pg from 'pg';
import type { AdminEndpoint } from '../../instances/admin-session.ts';
import type { InstanceDriver, SessionLogin } from '../../instances/types.ts';
import { invalidateSchemaCache } from '../../rest/schema-cache.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { READONLY_ROLE } from '../../instances/readonly-role.ts';
import { instanceAdminPassword, memberDatabaseLogin, memberDatabaseRole } from '../projects/project-instance.ts';
import { RunSlots } from '../projects/run-slots.ts';
import { openOwnSession } from './own-session.ts';

/** The login a run uses, and the superuser's, which ends the run's session at its deadline. */
export interface SqlEndpoint {
  login: SessionLogin;
  admin: AdminEndpoint;
}

export interface RunLimits {
  maxRows: number;
  maxBytes: number;
  statementTimeoutMs: number;
}

export type RunOutcome = { ok: true; result: SqlResult } | { ok: false; error: SqlError };

/**
 * A run ends this long after its statement timeout: Postgres's own timeout answers first (with the
 * statement's position); a query that lifted its own timeout is stopped here.
 */
const RUN_GRACE_MS = 2_000;
/** 53300: the server's or the role's connections are all taken. */
const TOO_MANY_CONNECTIONS = '53300';

/** Thrown when the instance does not take the connection (paused, stopped, starting). */
export class InstanceUnavailable extends Error {}

/** Thrown when the member already has as many runs as allowed, or the database has no connection left for the run. */
export class TooManyRuns extends Error {}

class DeadlinePassed extends Error {}

const runningPerMember = new RunSlots(SQL_RUNS_PER_MEMBER);

const NUMBER_TYPES = new Set([21, 23, 26, 700, 701]); // int2, int4, oid, float4, float8
const JSON_TYPES = new Set([114, 3802]);

/** Values as the grid shows them, counting the text read against the byte budget. */
function valueParsers(budget: { bytes: number }): pg.CustomTypesConfig {
  const parse = (oid: number) => (text: string) => {
    budget.bytes += text.length;
    if (oid === 16) return text === 't';
    if (NUMBER_TYPES.has(oid)) {
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    if (JSON_TYPES.has(oid)) return JSON.parse(text) as unknown;
    return text;
  };
  return { getTypeParser: parse as unknown as pg.CustomTypesConfig['getTypeParser'] };
}

type Result = pg.QueryResult<unknown[]>;

/**
 * Sends the whole text in one simple-protocol message (Postgres runs the statements in one
 * implicit transaction unless they manage their own). Rows of every statement but the last are
 * dropped as soon as the next statement answers, and rows past the limits are read and dropped.
 */
function collect(client: pg.Client, text: string, limits: RunLimits) {
  const budget = { bytes: 0 };
  const query = new pg.Query<unknown[]>({ text, rowMode: 'array', types: valueParsers(budget) } as pg.QueryArrayConfig);
  let current: unknown;
  let rows: unknown[][] = [];
  let truncated = false;
  return new Promise<{ last: Result; rows: unknown[][]; truncated: boolean }>((resolve, reject) => {
    // Not pg's query_timeout: it would take the rows and errors away from the listeners below.
    const deadline = setTimeout(() => reject(new DeadlinePassed(SQL_EDITOR_MESSAGES.noAnswer)), limits.statementTimeoutMs + RUN_GRACE_MS);
    query.on('row', (row: unknown[], result?: unknown) => {
      if (result !== current) {
        current = result;
        rows = [];
        truncated = false;
        budget.bytes = 0;
      }
      if (rows.length < limits.maxRows && budget.bytes <= limits.maxBytes) rows.push(row);
      else truncated = true;
    });
    query.on('error', (error: Error) => {
      clearTimeout(deadline);
      reject(error);
    });
    query.on('end', (results: unknown) => {
      clearTimeout(deadline);
      const last = (Array.isArray(results) ? results.at(-1) : results) as Result;
      resolve(last === current ? { last, rows, truncated } : { last, rows: [], truncated: false });
    });
    client.query(query);
  });
}

/** Postgres's names of the result's types; the numbers alone if the session cannot ask any more. */
async function typeNames(client: pg.Client, oids: number[]): Promise<Map<number, string>> {
  if (!oids.length) return new Map();
  try {
    const { rows } = await client.query<{ oid: number; name: string }>(
      'select oid::int as oid, pg_catalog.format_type(oid, null) as name from pg_catalog.pg_type where oid = any($1::oid[])',
      [oids],
    );
    return new Map(rows.map((row) => [row.oid, row.name]));
  } catch {
    return new Map();
  }
}

/** Postgres's refusal as the API answers it: message, code, position, detail, hint. */
export function toSqlError(error: unknown): SqlError {
  const e = error as Partial<pg.DatabaseError> & { message?: string };
  const position = e.position ? Number(e.position) : undefined;
  return {
    message: e.message ?? String(error),
    ...(e.code ? { code: e.code } : {}),
    ...(position && Number.isInteger(position) ? { position } : {}),
    ...(e.detail ? { detail: e.detail } : {}),
    ...(e.hint ? { hint: e.hint } : {}),
  };
}

/**
 * Ends a run's backend past its deadline, whatever the query did to its session (a timeout turned
 * off, a cancel caught in a loop), and waits until it is gone.
 */
async function endBackend(driver: InstanceDriver, endpoint: AdminEndpoint, pid: number): Promise<void> {
  await driver
    .adminSession(endpoint, 5_000, (admin) => admin.query('select pg_terminate_backend($1, 2000)', [pid]))
    .catch(() => {
      // The instance is gone, or slow: once the run's socket closes, client_connection_check_interval ends the backend.
    });
}

export async function runSql(driver: InstanceDriver, endpoint: SqlEndpoint, text: string, limits: RunLimits): Promise<RunOutcome> {
  const client = await openOwnSession({
    login: endpoint.login,
    applicationName: 'basin-sql-editor',
    statementTimeoutMs: limits.statementTimeoutMs,
    refused: (error) =>
      (error as { code?: unknown }).code === TOO_MANY_CONNECTIONS ? new TooManyRuns() : new InstanceUnavailable(error.message),
  });
  try {
    const pid = (await client.query<{ pid: number }>('select pg_catalog.pg_backend_pid() as pid')).rows[0]!.pid;
    const started = performance.now();
    const { last, rows, truncated } = await collect(client, text, limits).catch(async (error: unknown) => {
      if (error instanceof DeadlinePassed) await endBackend(driver, endpoint.admin, pid);
      throw error;
    });
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const names = await typeNames(client, [...new Set((last.fields ?? []).map((f) => f.dataTypeID))]);
    const fields: SqlField[] = (last.fields ?? []).map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
      type: names.get(f.dataTypeID) ?? String(f.dataTypeID),
    }));
    return {
      ok: true,
      result: { fields, rows, rowCount: last.rowCount ?? null, command: last.command ?? null, durationMs, truncated },
    };
  } catch (error) {
    return { ok: false, error: toSqlError(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A member's query on the project: as `postgres` with `database.credentials:read` (the role of the
 * connection string they can see), through the read-only role otherwise or when `readOnly` asks.
 */
export async function runProjectSql(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  text: string,
  { readOnly = false } = {},
): Promise<RunOutcome> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'sql:execute');
  if (project.port === null) throw new InstanceUnavailable('no port');
  const release = runningPerMember.take(`${ref}\n${userId}`);
  if (!release) throw new TooManyRuns();
  try {
    return await runSql(
      ctx.driver,
      {
        login: memberDatabaseLogin(ctx, project, readOnly ? READONLY_ROLE : memberDatabaseRole(project.role)),
        admin: { port: project.port, adminPassword: instanceAdminPassword(ctx.box, ref) },
      },
      text,
      { maxRows: SQL_RESULT_MAX_ROWS, maxBytes: SQL_RESULT_MAX_BYTES, statementTimeoutMs: ctx.config.sqlStatementTimeoutMs },
    );
  } finally {
    release();
    invalidateSchemaCache(ref); // the run may have changed the schema: the data API sees it at once
  }
}
