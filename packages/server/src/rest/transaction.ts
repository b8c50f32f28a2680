/**
 * Each request of the data API is one transaction on an `authenticator` session, as PostgREST
 * runs it: the request's role, its JWT claims and request GUCs (what `auth.uid()` and members'
 * policies read), the exposed schema as search_path and the role's statement timeout, all local
 * to the transaction. The sessions run pg in pipeline mode (pool.ts), so begin, the settings and
 * the request's statement leave in one write and come back in one round trip; commit is a second.
 */
import pg from 'pg';
import { RestError } from './errors.ts';
import type { RequestAuth } from './request-auth.ts';

export interface RequestContext {
  auth: RequestAuth;
  method: string;
  path: string;
  /** Lower-case names, as `request.headers` shows them. */
  headers: Record<string, string>;
  /** The exposed schema the request is about: first on the search_path. */
  schema: string;
  /** `Prefer: tx=rollback`: the work is undone whatever it did. */
  rollback: boolean;
  /** GET and HEAD run read-only, as in PostgREST. */
  readOnly?: boolean;
}

/**
 * One statement, prepared once per session. Setting `role` through set_config is SET LOCAL ROLE
 * with the name as a parameter. SET ROLE does not apply a role's own settings, so its
 * statement_timeout (for this database, else for all) is read here; without one, the login's
 * stays. The pool pins search_path to pg_catalog outside requests, so nothing here resolves to
 * a member's function or operator.
 */
export const SETTINGS = {
  name: 'basin-rest-request',
  text: `select
    set_config('role', $1, true),
    set_config('request.jwt.claims', $2, true),
    set_config('request.jwt.claim.sub', $3, true),
    set_config('request.jwt.claim.role', $1, true),
    set_config('request.headers', $4, true),
    set_config('request.method', $5, true),
    set_config('request.path', $6, true),
    set_config('search_path', $7, true),
    set_config('statement_timeout', coalesce((
      select substr(setting, length('statement_timeout=') + 1)
        from pg_db_role_setting s, unnest(s.setconfig) as setting
       where s.setrole = to_regrole($1) and starts_with(setting, 'statement_timeout=')
         and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
       order by s.setdatabase desc limit 1
    ), current_setting('statement_timeout')), true)`,
};

/** PostgREST's default extra search path: functions and types of extensions in public resolve. */
const EXTRA_SEARCH_PATH = 'public';

/**
 * Holds a pipelined session's writes until the work has queued what it sends without waiting for
 * an answer (this turn of the event loop and its microtasks): one write instead of one per query.
 */
export function holdWritesForTheTurn(client: pg.PoolClient): void {
  const { stream } = client.connection;
  stream.cork();
  setImmediate(() => stream.uncork());
}

/** The end of each transaction whose work sent it along with its last statement (endingWith). */
const endedEarly = new WeakMap<pg.PoolClient, Promise<unknown>>();

/**
 * Sends the request's last statement and the end of its transaction together, so that both come
 * back in the round trip of the statement instead of one each (a one-row GET's second write and
 * read were a tenth of its CPU). Only for a read-only transaction's work that sends nothing after
 * it and decides nothing the end depends on: if the statement fails, Postgres answers the COMMIT
 * with a rollback.
 */
export function endingWith<R extends pg.QueryResultRow>(
  client: pg.PoolClient,
  request: RequestContext,
  statement: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  if (!request.readOnly) throw new Error('only a read-only transaction ends with its statement');
  const result = client.query<R>(statement);
  endedEarly.set(client, client.query(request.rollback ? 'rollback' : 'commit'));
  return result;
}

export async function withRequestTransaction<T>(
  pool: pg.Pool,
  request: RequestContext,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await connect(pool);
  let broken: Error | undefined;
  try {
    holdWritesForTheTurn(client);
    const begun = Promise.all([
      client.query(request.readOnly ? 'begin read only' : 'begin'),
      client.query({ ...SETTINGS, values: settingsOf(client, request) }),
    ]);
    const working = work(client);
    // Refused settings abort the transaction: theirs is the error to answer, not the statement's.
    await begun.catch((error: unknown) => {
      working.catch(() => {});
      throw error;
    });
    const result = await working;
    await (endedEarly.get(client) ?? client.query(request.rollback ? 'rollback' : 'commit'));
    return result;
  } catch (error) {
    // The session goes back to the pool only if it can still end the transaction (or has).
    const early = endedEarly.get(client);
    broken = await (early ?? client.query('rollback')).then(
      () => undefined,
      (lost: unknown) => (lost instanceof Error ? lost : new Error(String(lost))),
    );
    throw error;
  } finally {
    endedEarly.delete(client);
    client.release(broken);
  }
}

function settingsOf(client: pg.PoolClient, { auth, headers, method, path, schema }: RequestContext): string[] {
  const searchPath = [...new Set([schema, EXTRA_SEARCH_PATH])].map((name) => client.escapeIdentifier(name)).join(', ');
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  return [auth.role, JSON.stringify(auth.claims), sub, JSON.stringify(headers), method, path, searchPath];
}

/** A session, or PostgREST's answer when none comes: 504 PGRST003 after the wait, else 503 PGRST000. */
async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message))
      throw new RestError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
    throw new RestError(503, 'PGRST000', 'Database connection error. Retrying the connection.');
  }
}
