/**
 * Runs the SQL editor's queries on a project's instance. Each run gets its own connection (so
 * that no session state, open transaction or temporary table leaks from one run into the next),
 * as `postgres` for members who may read the credentials and as `basin_readonly` for the others:
 * never as the platform's superuser.
 */
import { can, SQL_EDITOR_MESSAGES, SQL_RESULT_MAX_BYTES, SQL_RESULT_MAX_ROWS, SQL_STATEMENT_TIMEOUT_MS } from '@basin/core';
import type { SqlError, SqlField, SqlResult } from '@basin/core/schemas';
import pg from 'pg';
import { POSTGRES_ROLE, READONLY_ROLE } from '../instances/index.ts';
import { requirePermission, requireProject } from './access.ts';
import type { PlatformContext } from './context.ts';

export interface SqlEndpoint {
  port: number;
  user: string;
  password: string;
}

export interface RunLimits {
  maxRows: number;
  maxBytes: number;
  statementTimeoutMs: number;
}

export const DEFAULT_LIMITS: RunLimits = {
  maxRows: SQL_RESULT_MAX_ROWS,
  maxBytes: SQL_RESULT_MAX_BYTES,
  statementTimeoutMs: SQL_STATEMENT_TIMEOUT_MS,
};

export type RunOutcome = { ok: true; result: SqlResult } | { ok: false; error: SqlError };

/** Thrown when the instance does not take the connection (paused, stopped, starting). */
export class InstanceUnavailable extends Error {}

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
    // A query that turned its own statement_timeout off still ends the request (pg's query_timeout
    // would take the rows and errors away from the listeners below); closing the connection
    // ends the backend at its next write.
    const deadline = setTimeout(() => reject(new Error(SQL_EDITOR_MESSAGES.noAnswer)), limits.statementTimeoutMs + 10_000);
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

function toSqlError(error: unknown): SqlError {
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

export async function runSql(endpoint: SqlEndpoint, text: string, limits: RunLimits = DEFAULT_LIMITS): Promise<RunOutcome> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: endpoint.port,
    user: endpoint.user,
    password: endpoint.password,
    database: 'postgres',
    application_name: 'basin-sql-editor',
    options: `-c statement_timeout=${limits.statementTimeoutMs}`,
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => {}); // a dropped connection also fails the awaited query
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new InstanceUnavailable((error as Error).message);
  }
  try {
    const started = performance.now();
    const { last, rows, truncated } = await collect(client, text, limits);
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
 * connection string they can see), through the read-only role otherwise.
 */
export async function runProjectSql(ctx: PlatformContext, ref: string, userId: string, text: string): Promise<RunOutcome> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'sql:execute');
  if (project.port === null) throw new InstanceUnavailable('no port');
  const fullAccess = can(project.role, 'database.credentials:read');
  return runSql({
    port: project.port,
    user: fullAccess ? POSTGRES_ROLE : READONLY_ROLE,
    password: ctx.box.open(fullAccess ? project.db_password : project.readonly_password),
  }, text);
}
