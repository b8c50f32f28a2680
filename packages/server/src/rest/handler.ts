/**
 * `/rest/v1/...` of a project's API: PostgREST's protocol over the project's own Postgres. Each
 * request is parsed, checked against the schema cache, turned into one statement and run in one
 * transaction as the request's role; the database answers the body as JSON text.
 */
import type pg from 'pg';
import type { PlatformContext } from '../kernel/context.ts';
import { findSnapshot, type ProjectRow } from '../store/projects.ts';
import { type CountQuery, estimatedTotal } from './count.ts';
import { RestError } from './errors.ts';
import { explainStatement, planAnswer } from './explain.ts';
import { type Answer, formValues, negotiate, readBody, type RequestBody } from './media.ts';
import { restErrorOf } from './pg-errors.ts';
import { requestPool, requireRunning } from './pool.ts';
import { parsePrefer, parseRange } from './prefer.ts';
import { rememberedPlan } from './plan-cache.ts';
import { preparedStatement } from './prepared-statements.ts';
import { parseQueryParams } from './query-params.ts';
import type { RequestAuth } from './request-auth.ts';
import { type AnswerPlan, jsonTextAnswer, type Outcome, type RestAnswer, respond } from './respond.ts';
import { reloadOnMiss, schemaCache } from './schema-cache.ts';
import { bodyRows, countsInserted, deleteStatement, insertStatement, putStatement, updateStatement, upsertTarget } from './sql-mutate.ts';
import { qualified } from './sql-fragment.ts';
import { chooseFunction, type RpcArguments, rpcStatement } from './sql-rpc.ts';
import { countedRows, type ReadShape, readStatement, SelectBuilder } from './sql-select.ts';
import { endingWith, type RequestContext, withRequestTransaction } from './transaction.ts';
import { type CachedRelation, type Preferences, type QueryParams, qualifiedName, type RestRequest, type SchemaCache } from './types.ts';

const READ_METHODS = new Set(['GET', 'HEAD']);
/** The headers a read's plan follows from, besides its URL (the schema comes from Accept-Profile). */
const PLAN_HEADERS = ['accept', 'prefer', 'range'];

interface Plan extends AnswerPlan {
  sql: string;
  values: unknown[];
  /** `count=planned|estimated` of a read: its counted rows as their own statement. */
  count?: CountQuery;
  /** `vnd.pgrst.object`, or a function's one row: anything but exactly one row is PGRST116. */
  single: boolean;
  /** A PUT: the body's row must have matched the filters (PGRST115). */
  put?: boolean;
  /** `Prefer: resolution` on a table with neither primary key nor on_conflict: ignored, and not said applied. */
  ignoresResolution?: boolean;
}

/** The request as planning reads it, besides the schema cache. */
interface Incoming {
  request: RestRequest;
  url: URL;
  body?: RequestBody;
  prefer: Preferences;
  media: Answer;
  maxRows?: number;
  /** The project enables aggregate functions in `select` (db_aggregates_enabled). */
  aggregates?: boolean;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => jsonTextAnswer(status, JSON.stringify(body), headers);

export async function serveRest(
  ctx: PlatformContext,
  project: ProjectRow,
  auth: RequestAuth,
  request: RestRequest,
  path: string,
): Promise<RestAnswer> {
  try {
    requireRunning(project);
    return await answer(ctx, project, auth, request, path);
  } catch (error) {
    const rest = error instanceof RestError ? error : restErrorOf(error, auth.role);
    if (rest) return json(rest.status, rest.body(), rest.headers);
    ctx.logger.error({ err: error, ref: project.ref }, 'rest request failed');
    return json(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
  }
}

/** A table's or function's name from the path; escapes that do not decode stay as sent (and name nothing). */
function resourceName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The exposed schema the request names (Accept-Profile to read, Content-Profile to write), else the first. */
function chooseSchema(cache: SchemaCache, request: RestRequest): string {
  const header = READ_METHODS.has(request.method) ? 'accept-profile' : 'content-profile';
  const named = request.headers.get(header);
  if (named === null) return cache.schemas[0]!;
  if (!cache.schemas.includes(named))
    throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${cache.schemas.join(', ')}`);
  return named;
}

async function answer(
  ctx: PlatformContext,
  project: ProjectRow,
  auth: RequestAuth,
  request: RestRequest,
  path: string,
): Promise<RestAnswer> {
  const url = new URL(request.url);
  const settings = await findSnapshot(ctx.db, project.ref);
  const media = negotiate(request.headers.get('accept'), { plans: settings?.db_plan_enabled });
  const prefer = parsePrefer(request.headers.get('prefer'));
  const maxRows = settings?.max_rows;
  const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
  const table = /^\/([^/]+)\/?$/.exec(path);
  if (!rpc && !table) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

  const body = READ_METHODS.has(request.method) ? undefined : await readBody(request, { rpc: Boolean(rpc) });
  const incoming: Incoming = { request, url, body, prefer, media, maxRows, aggregates: settings?.db_aggregates_enabled };
  let cache = await schemaCache(ctx, project);
  const schema = chooseSchema(cache, request);
  const planFresh = (): Plan => {
    if (rpc) return planRpc(cache, schema, resourceName(rpc[1]!), incoming);
    return planTable(cache, schema, resourceName(table![1]!), incoming);
  };
  // A read's plan follows from these alone (with the schema cache it is kept in).
  const readKey = () =>
    [
      request.method,
      schema,
      path,
      url.search,
      ...PLAN_HEADERS.map((name) => request.headers.get(name)),
      maxRows,
      incoming.aggregates,
      settings?.db_plan_enabled,
    ].join('\n');
  const plan = () => (body === undefined ? rememberedPlan(cache, readKey(), planFresh) : planFresh());
  let planned: Plan;
  try {
    planned = plan();
  } catch (error) {
    // Something made since the cache was read (a table created over a direct connection): read it again once.
    const fresh =
      error instanceof RestError && ['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703'].includes(error.code)
        ? await reloadOnMiss(ctx, project)
        : undefined;
    if (!fresh) throw error;
    cache = fresh;
    planned = plan();
  }

  const transaction = {
    auth,
    method: request.method,
    path: url.pathname,
    headers: Object.fromEntries(request.headers),
    schema,
    rollback: prefer.tx === 'rollback',
    readOnly: READ_METHODS.has(request.method),
  };
  const pool = requestPool(ctx, project, auth.role);
  const { plan: explain } = media;
  if (explain) {
    // The plan answers instead of the rows: none of the rows' checks (PGRST116, PGRST115, max-affected) apply.
    const body = await withRequestTransaction(pool, transaction, async (client) => {
      await setTimezone(client, prefer);
      return explainStatement(client, explain, planned.sql, planned.values);
    });
    return planAnswer(body, media.contentType);
  }
  const outcome = await withRequestTransaction(pool, transaction, (client) => run(client, transaction, planned, prefer, maxRows));
  const offset = Number(url.searchParams.get('offset') ?? parseRange(request.headers.get('range'))?.offset ?? 0);
  const applied = planned.ignoresResolution ? { ...prefer, resolution: undefined } : prefer;
  return respond(request, planned, outcome, applied, offset, media);
}

async function run(client: pg.PoolClient, request: RequestContext, plan: Plan, prefer: Preferences, maxRows?: number): Promise<Outcome> {
  const timezoneApplied = await setTimezone(client, prefer);
  const kind = prefer.count === 'planned' || prefer.count === 'estimated' ? prefer.count : undefined;
  const estimate = plan.count && kind ? { counted: plan.count, kind } : undefined;
  const statement = preparedStatement(client, plan.sql, plan.values);
  // A read that asks nothing more of the database ends its transaction with its statement.
  type Row = { body: string | null; page_total: string; total: string | null; inserted?: string };
  const { rows } = await (request.readOnly && !estimate ? endingWith<Row>(client, request, statement) : client.query<Row>(statement));
  const row = rows[0]!;
  const pageTotal = Number(row.page_total);
  // Thrown inside the transaction: a write that would answer the wrong number of rows is undone.
  if (plan.single && pageTotal !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${pageTotal} rows`);
  }
  if (plan.put && pageTotal !== 1) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  if (prefer.handling === 'strict' && prefer.maxAffected !== undefined && pageTotal > prefer.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${pageTotal} rows`);
  }
  const estimated = estimate ? await estimatedTotal(client, estimate.counted, estimate.kind, maxRows) : undefined;
  const total = estimated ?? (row.total === null ? null : Number(row.total));
  return { body: row.body, pageTotal, total, inserted: row.inserted === undefined ? null : Number(row.inserted), timezoneApplied };
}

/** `Prefer: timezone=`: the request runs in that time zone when Postgres knows it (PGRST122 if not, with handling=strict). */
async function setTimezone(client: pg.PoolClient, prefer: Preferences): Promise<boolean> {
  if (prefer.timezone === undefined) return false;
  const known = await client.query(
    "select pg_catalog.set_config('timezone', name, true) from pg_catalog.pg_timezone_names where name = $1",
    [prefer.timezone],
  );
  if (known.rowCount) return true;
  if (prefer.handling === 'strict')
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: timezone=${prefer.timezone}`,
    );
  return false;
}

const builderFor = (
  cache: SchemaCache,
  query: QueryParams,
  incoming: Incoming,
  shape: Partial<Pick<ReadShape, 'maxRows' | 'rootChosen' | 'rowsAs'>> = {},
) => new SelectBuilder({ cache, query, rowsAs: incoming.media.rowsAs, aggregates: incoming.aggregates, ...shape });

function findRelation(cache: SchemaCache, schema: string, name: string): CachedRelation {
  const relation = cache.relations.get(qualifiedName(schema, name));
  if (!relation) {
    throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
  }
  return relation;
}

/** Limit and offset from the Range header, unless the query string names them. */
function withRange(query: QueryParams, request: RestRequest): QueryParams {
  const range = parseRange(request.headers.get('range'));
  if (!range) return query;
  const root = (list: { path: string[] }[]) => list.some((entry) => entry.path.length === 0);
  return {
    ...query,
    offset: root(query.offset) ? query.offset : [...query.offset, { path: [], value: range.offset }],
    limit: root(query.limit) || range.limit === undefined ? query.limit : [...query.limit, { path: [], value: range.limit }],
  };
}

/** The counted rows of a read whose count the planner estimates, as their own statement. */
function estimateOf(
  cache: SchemaCache,
  query: QueryParams,
  incoming: Incoming,
  relation: CachedRelation,
  from: string,
): CountQuery | undefined {
  if (incoming.prefer.count !== 'planned' && incoming.prefer.count !== 'estimated') return undefined;
  const counter = builderFor(cache, query, incoming);
  return { sql: countedRows(counter, relation, from), values: counter.params.values };
}

/** A JSON body as it is; a form's pairs as an object of text values. */
const bodyValue = (body: RequestBody | undefined): unknown => (body?.kind === 'form' ? Object.fromEntries(body.pairs) : body?.value);

function planTable(cache: SchemaCache, schema: string, name: string, incoming: Incoming): Plan {
  const { request, url, prefer, media } = incoming;
  const relation = findRelation(cache, schema, name);
  const query = withRange(parseQueryParams(url.searchParams), request);
  const count = prefer.count === 'exact';
  const representation = prefer.return === 'representation';
  const written = { unwrap: media.singular, single: media.singular, answersBody: representation };
  const body = bodyValue(incoming.body);
  switch (request.method) {
    case 'GET':
    case 'HEAD': {
      const from = qualified(relation.schema, relation.name);
      const builder = builderFor(cache, query, incoming, { maxRows: incoming.maxRows });
      const sql = readStatement(builder, relation, from, count);
      return {
        sql,
        values: builder.params.values,
        unwrap: media.singular,
        single: media.singular,
        answersBody: true,
        status: 200,
        count: estimateOf(cache, query, incoming, relation, from),
      };
    }
    case 'POST': {
      // return=headers-only reads back the primary key of what it wrote, for Location.
      const locationOf = prefer.return === 'headers-only' && relation.primaryKey.length ? relation.name : undefined;
      const select = locationOf
        ? relation.primaryKey.map((column) => ({ kind: 'field' as const, field: { column, json: [] }, cast: 'text' }))
        : query.select;
      const builder = builderFor(cache, { ...query, select }, incoming, {
        rootChosen: true,
        ...(locationOf && { rowsAs: 'json' as const }),
      });
      const resolution = prefer.resolution && upsertTarget(relation, query.onConflict).length ? prefer.resolution : undefined;
      const options = {
        rows: bodyRows(body),
        columns: query.columns,
        onConflict: query.onConflict,
        resolution,
        missingDefault: prefer.missing === 'default',
      };
      return {
        sql: insertStatement(builder, relation, options, count),
        values: builder.params.values,
        ...written,
        status: 201,
        ...(resolution === 'merge-duplicates' && { statusIfNoneInserted: 200 }),
        ...(prefer.resolution && !resolution && { ignoresResolution: true }),
        locationOf,
      };
    }
    case 'PUT': {
      if ([...query.limit, ...query.offset].some((range) => !range.path.length))
        throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
      const builder = builderFor(cache, query, incoming, { rootChosen: true });
      return {
        sql: putStatement(builder, relation, body, count),
        values: builder.params.values,
        ...written,
        // 201 when the row was inserted, 200 when it was updated (a view cannot tell: 200).
        status: representation ? (countsInserted(relation) ? 201 : 200) : 204,
        ...(representation && { statusIfNoneInserted: 200 }),
        put: true,
      };
    }
    case 'PATCH': {
      const builder = builderFor(cache, query, incoming, { rootChosen: true });
      return {
        sql: updateStatement(builder, relation, body, count),
        values: builder.params.values,
        ...written,
        status: representation ? 200 : 204,
      };
    }
    case 'DELETE': {
      const builder = builderFor(cache, query, incoming, { rootChosen: true });
      return {
        sql: deleteStatement(builder, relation, count),
        values: builder.params.values,
        ...written,
        status: representation ? 200 : 204,
      };
    }
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
}

function planRpc(cache: SchemaCache, schema: string, name: string, incoming: Incoming): Plan {
  const { request, url, body, prefer, media } = incoming;
  const read = READ_METHODS.has(request.method);
  if (!read && request.method !== 'POST') throw new RestError(405, 'PGRST101', `Cannot use the ${request.method} method on RPC`);
  const query = withRange(parseQueryParams(url.searchParams, { rpcRead: read }), request);
  const args: RpcArguments = read
    ? { kind: 'query', values: query.args }
    : body?.kind === 'form'
      ? { kind: 'query', values: formValues(body.pairs) }
      : body?.kind === 'raw'
        ? body
        : { kind: 'json', body: body?.value, raw: body?.raw ?? '', csv: body?.csv };
  const fn = chooseFunction(cache, schema, name, args);
  // Only rows have a CSV form; a function's values are JSON.
  if (media.rowsAs === 'csv' && !fn.returnsComposite)
    throw new RestError(406, 'PGRST107', 'None of these media types are available: text/csv');
  const builder = builderFor(cache, query, incoming, { maxRows: incoming.maxRows });
  const { sql, singular: singleResult, object } = rpcStatement(builder, fn, args, prefer.count === 'exact', media.singular);
  // A function returning one value answers that value; one returning rows answers an array, or
  // its one row when it returns one row (already an object, or null) or vnd.pgrst.object asks for one.
  const unwrap = !object && (fn.returnsSet || fn.returnsComposite) && (media.singular || singleResult);
  return {
    sql,
    values: builder.params.values,
    unwrap,
    single: unwrap || media.singular,
    answersBody: fn.returnType !== 'void',
    status: fn.returnType === 'void' ? 204 : 200,
  };
}
