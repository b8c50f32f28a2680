/**
 * `/graphql/v1` of a project's API, as pg_graphql answers it behind Supabase's gateway: POST a
 * JSON `{query, variables, operationName}` (or GET them in the query string) with the same keys
 * and user tokens as the data API. The request runs as its role with its JWT claims (RLS applies)
 * in one transaction, exactly as a REST request does (rest/transaction.ts).
 */
import pg from 'pg';
import type { PlatformContext } from '../kernel/context.ts';
import { RestError } from '../rest/errors.ts';
import { requestPool, requireRunning } from '../rest/pool.ts';
import type { RequestAuth } from '../rest/request-auth.ts';
import { reloadOnMiss, schemaCache } from '../rest/schema-cache.ts';
import { withRequestTransaction } from '../rest/transaction.ts';
import type { ProjectRow } from '../store/projects.ts';
import { errorBody, GraphqlError } from './errors.ts';
import { type GraphqlRequest, plan, run } from './execute.ts';
import { reflect } from './reflect.ts';

const answer = (status: number, body: unknown) => Response.json(body, { status });

export async function serveGraphql(ctx: PlatformContext, project: ProjectRow, auth: RequestAuth, request: Request): Promise<Response> {
  try {
    requireRunning(project);
    const graphqlRequest = await readRequest(request);
    let cache = await schemaCache(ctx, project);
    let planned = plan(reflect(cache), graphqlRequest);
    // Something made since the cache was read (a table created over a direct connection): read it again once.
    if (planned.kind === 'answered') {
      const fresh = await reloadOnMiss(ctx, project);
      if (fresh !== cache) [cache, planned] = [fresh, plan(reflect(fresh), graphqlRequest)];
    }
    if (planned.kind === 'answered') return answer(200, planned.body);
    if (planned.kind === 'mutation' && request.method === 'GET') throw new GraphqlError('Mutations are only allowed with POST', 405);
    const transaction = {
      auth,
      method: request.method,
      path: new URL(request.url).pathname,
      headers: Object.fromEntries(request.headers),
      schema: cache.schemas[0]!,
      rollback: false,
      readOnly: planned.kind === 'query',
    };
    const needsDatabase = planned.kind === 'mutation' ? planned.plans.length > 0 : planned.sql !== undefined;
    const data = needsDatabase
      ? await withRequestTransaction(requestPool(ctx, project, auth.role), transaction, (client) => run(client, planned))
      : {};
    return answer(200, await planned.finish(data));
  } catch (error) {
    if (error instanceof GraphqlError) return answer(error.status, errorBody([error.message]));
    // What Postgres refused (a policy, a constraint, a permission) is the request's error, as pg_graphql answers it.
    if (error instanceof pg.DatabaseError) return answer(200, errorBody([error.message]));
    if (error instanceof RestError) return answer(error.status, errorBody([error.message]));
    ctx.logger.error({ err: error, ref: project.ref }, 'graphql request failed');
    return answer(500, errorBody(['Internal server error']));
  }
}

async function readRequest(request: Request): Promise<GraphqlRequest> {
  if (request.method === 'GET') {
    const params = new URL(request.url).searchParams;
    return checked({
      query: params.get('query'),
      variables: parseJson(params.get('variables'), 'variables'),
      operationName: params.get('operationName'),
    });
  }
  if (request.method !== 'POST') throw new GraphqlError(`Unsupported HTTP method: ${request.method}`, 405);
  return checked(parseJson(await request.text(), 'body'));
}

function parseJson(text: string | null, what: string): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new GraphqlError(`The request ${what} is not valid JSON`, 400);
  }
}

function checked(body: unknown): GraphqlRequest {
  if (!body || typeof body !== 'object') throw new GraphqlError('The request body must be a JSON object with a "query"', 400);
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || !query.trim()) throw new GraphqlError('A "query" string is required', 400);
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables)))
    throw new GraphqlError('"variables" must be an object', 400);
  if (operationName != null && typeof operationName !== 'string') throw new GraphqlError('"operationName" must be a string', 400);
  return { query, variables: variables as Record<string, unknown> | null, operationName: operationName as string | null };
}
