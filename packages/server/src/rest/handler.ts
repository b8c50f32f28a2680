/**
 * `/rest/v1/...` of a project's API: PostgREST's protocol over the project's own Postgres. Each
 * request is parsed, checked against the schema cache, turned into one statement and run in one
 * transaction as the request's role; the database answers the body as JSON text.
 */
import type pg from 'pg';
import type { PlatformContext } from '../services/context.ts';
import type { ProjectRow } from '../store/projects.ts';
import { findApiSettings } from '../store/project-api-settings.ts';
import { bodyError, RestError } from './errors.ts';
import { restErrorOf } from './pg-errors.ts';
import { requestPool, requireRunning } from './pool.ts';
import { parsePrefer, parseRange } from './prefer.ts';
import { parseQueryParams } from './query-params.ts';
import type { RequestAuth } from './request-auth.ts';
import { reloadOnMiss, schemaCache } from './schema-cache.ts';
import { bodyRows, deleteStatement, insertStatement, updateStatement } from './sql-mutate.ts';
import { qualified } from './sql-fragment.ts';
import { chooseFunction, type RpcArguments, rpcStatement } from './sql-rpc.ts';
import { readStatement, SelectBuilder } from './sql-select.ts';
import { withRequestTransaction } from './transaction.ts';
import { type CachedRelation, type Preferences, type QueryParams, qualifiedName, type SchemaCache } from './types.ts';

/** The most a write's body may hold. */
export const REST_BODY_LIMIT = 10 * 1024 * 1024;

const SINGULAR = 'application/vnd.pgrst.object+json';
const READ_METHODS = new Set(['GET', 'HEAD']);

interface Outcome {
  body: string | null;
  pageTotal: number;
  total: number | null;
}

interface Plan {
  sql: string;
  values: unknown[];
  /** The body is an array of rows, to be answered as its one object (or refused with PGRST116). */
  unwrap: boolean;
  /** Without `Prefer: return=representation`, writes answer no body. */
  answersBody: boolean;
  status: number;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

export async function serveRest(ctx: PlatformContext, project: ProjectRow, auth: RequestAuth, request: Request, path: string): Promise<Response> {
  try {
    requireRunning(project);
    return await answer(ctx, project, auth, request, path);
  } catch (error) {
    const rest = error instanceof RestError ? error : restErrorOf(error, auth.role);
    if (rest) return json(rest.status, rest.body());
    ctx.logger.error({ err: error, ref: project.ref }, 'rest request failed');
    return json(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
  }
}

/** The exposed schema the request names (Accept-Profile to read, Content-Profile to write), else the first. */
function chooseSchema(cache: SchemaCache, request: Request): string {
  const header = READ_METHODS.has(request.method) ? 'accept-profile' : 'content-profile';
  const named = request.headers.get(header);
  if (named === null) return cache.schemas[0]!;
  if (!cache.schemas.includes(named)) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${cache.schemas.join(', ')}`);
  return named;
}

function wantsSingular(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '*/*';
  if (accept.includes(SINGULAR)) return true;
  if (/(^|,)\s*(\*\/\*|application\/json|application\/\*)/.test(accept)) return false;
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`);
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > REST_BODY_LIMIT) throw new RestError(413, 'PGRST102', `The request body is larger than ${REST_BODY_LIMIT} bytes`);
  const type = request.headers.get('content-type');
  if (type && !/^application\/(json|vnd\.pgrst\.object\+json)\b/.test(type)) throw new RestError(415, 'PGRST102', `Content-Type not acceptable: ${type.slice(0, 100)}`);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bodyError('Empty or invalid json');
  }
}

async function answer(ctx: PlatformContext, project: ProjectRow, auth: RequestAuth, request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  const singular = wantsSingular(request);
  const prefer = parsePrefer(request.headers.get('prefer'));
  const maxRows = (await findApiSettings(ctx.db, project.ref))?.max_rows;
  const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
  const table = /^\/([^/]+)\/?$/.exec(path);
  if (!rpc && !table) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

  const body = READ_METHODS.has(request.method) ? undefined : await readBody(request);
  let cache = await schemaCache(ctx, project);
  const plan = (): Plan => {
    const schema = chooseSchema(cache, request);
    if (rpc) return planRpc(cache, schema, decodeURIComponent(rpc[1]!), request, url, body, prefer, singular, maxRows);
    return planTable(cache, schema, decodeURIComponent(table![1]!), request, url, body, prefer, singular, maxRows);
  };
  let planned: Plan;
  try {
    planned = plan();
  } catch (error) {
    // Something made since the cache was read (a table created over a direct connection): read it again once.
    const fresh = error instanceof RestError && ['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703'].includes(error.code) ? await reloadOnMiss(ctx, project) : undefined;
    if (!fresh) throw error;
    cache = fresh;
    planned = plan();
  }

  const outcome = await withRequestTransaction(
    requestPool(ctx, project, auth.role),
    {
      auth,
      method: request.method,
      path: url.pathname,
      headers: Object.fromEntries(request.headers),
      schema: chooseSchema(cache, request),
      rollback: prefer.tx === 'rollback',
      readOnly: READ_METHODS.has(request.method),
    },
    (client) => run(client, planned, prefer),
  );
  const offset = Number(url.searchParams.get('offset') ?? parseRange(request.headers.get('range'))?.offset ?? 0);
  return respond(request, planned, outcome, prefer, offset);
}

async function run(client: pg.PoolClient, plan: Plan, prefer: Preferences): Promise<Outcome> {
  const { rows } = await client.query<{ body: string | null; page_total: string; total: string | null }>(plan.sql, plan.values);
  const row = rows[0]!;
  const pageTotal = Number(row.page_total);
  if (plan.unwrap && pageTotal !== 1) {
    // Thrown inside the transaction: a write that would answer the wrong number of rows is undone.
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${pageTotal} rows`);
  }
  if (prefer.handling === 'strict' && prefer.maxAffected !== undefined && pageTotal > prefer.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${pageTotal} rows`);
  }
  return { body: row.body, pageTotal, total: row.total === null ? null : Number(row.total) };
}

const builderFor = (cache: SchemaCache, query: QueryParams, maxRows: number | undefined, rootChosen = false) =>
  new SelectBuilder({ cache, query, maxRows, rootChosen });

function findRelation(cache: SchemaCache, schema: string, name: string): CachedRelation {
  const relation = cache.relations.get(qualifiedName(schema, name));
  if (!relation) {
    throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
  }
  return relation;
}

/** Limit and offset from the Range header, unless the query string names them. */
function withRange(query: QueryParams, request: Request): QueryParams {
  const range = parseRange(request.headers.get('range'));
  if (!range) return query;
  const root = (list: { path: string[] }[]) => list.some((entry) => entry.path.length === 0);
  return {
    ...query,
    offset: root(query.offset) ? query.offset : [...query.offset, { path: [], value: range.offset }],
    limit: root(query.limit) || range.limit === undefined ? query.limit : [...query.limit, { path: [], value: range.limit }],
  };
}

function planTable(cache: SchemaCache, schema: string, name: string, request: Request, url: URL, body: unknown, prefer: Preferences, singular: boolean, maxRows?: number): Plan {
  const relation = findRelation(cache, schema, name);
  const query = withRange(parseQueryParams(url.searchParams), request);
  const count = prefer.count === 'exact';
  const representation = prefer.return === 'representation';
  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      const builder = builderFor(cache, query, maxRows);
      return { sql: readStatement(builder, relation, qualified(relation.schema, relation.name), count), values: builder.params.values, unwrap: singular, answersBody: true, status: 200 };
    }
    case 'POST': {
      const rows = bodyRows(body);
      const builder = builderFor(cache, query, undefined, true);
      const sql = insertStatement(builder, relation, { rows, columns: query.columns, onConflict: query.onConflict, resolution: prefer.resolution, missingDefault: prefer.missing === 'default' }, count);
      return { sql, values: builder.params.values, unwrap: singular, answersBody: representation, status: 201 };
    }
    case 'PATCH': {
      const builder = builderFor(cache, query, undefined, true);
      const sql = updateStatement(builder, relation, body, count);
      return { sql, values: builder.params.values, unwrap: singular, answersBody: representation, status: representation ? 200 : 204 };
    }
    case 'DELETE': {
      const builder = builderFor(cache, query, undefined, true);
      return { sql: deleteStatement(builder, relation, count), values: builder.params.values, unwrap: singular, answersBody: representation, status: representation ? 200 : 204 };
    }
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
}

function planRpc(cache: SchemaCache, schema: string, name: string, request: Request, url: URL, body: unknown, prefer: Preferences, singular: boolean, maxRows?: number): Plan {
  const read = READ_METHODS.has(request.method);
  if (!read && request.method !== 'POST') throw new RestError(405, 'PGRST101', `Cannot use the ${request.method} method on RPC`);
  const query = withRange(parseQueryParams(url.searchParams, { rpcRead: read }), request);
  const args: RpcArguments = read ? { kind: 'query', values: query.args } : { kind: 'json', body };
  const fn = chooseFunction(cache, schema, name, args);
  const builder = builderFor(cache, query, maxRows);
  const { sql, singular: singleResult } = rpcStatement(builder, fn, args, prefer.count === 'exact');
  // A function returning one value answers that value; one returning one row answers that row.
  return { sql, values: builder.params.values, unwrap: singular || (singleResult && fn.returnsComposite), answersBody: fn.returnType !== 'void', status: fn.returnType === 'void' ? 204 : 200 };
}

/** `Content-Range: first-last/total`, `*\/total` when nothing was answered. */
function contentRange(offset: number, outcome: Outcome): string {
  const total = outcome.total ?? '*';
  return outcome.pageTotal ? `${offset}-${offset + outcome.pageTotal - 1}/${total}` : `*/${total}`;
}

function respond(request: Request, plan: Plan, outcome: Outcome, prefer: Preferences, offset: number): Response {
  const applied = [prefer.return && `return=${prefer.return}`, prefer.count && `count=${prefer.count}`, prefer.tx && `tx=${prefer.tx}`, prefer.resolution && `resolution=${prefer.resolution}`]
    .filter(Boolean)
    .join(', ');
  const headers: Record<string, string> = { 'content-range': contentRange(offset, outcome), ...(applied ? { 'preference-applied': applied } : {}) };
  if (!plan.answersBody || request.method === 'HEAD') return new Response(null, { status: plan.status === 201 || plan.status === 204 || request.method === 'HEAD' ? plan.status : 204, headers });
  let body = outcome.body ?? 'null';
  // json_agg writes `[row, row]`: one row is the text between the brackets.
  if (plan.unwrap) body = body.slice(1, -1).trim();
  const partial = outcome.total !== null && outcome.pageTotal < outcome.total;
  return new Response(body, {
    status: plan.status === 200 && partial ? 206 : plan.status,
    headers: { ...headers, 'content-type': `${plan.unwrap && request.headers.get('accept')?.includes(SINGULAR) ? SINGULAR : 'application/json'}; charset=utf-8` },
  });
}
