/**
 * The auth API's sessions on each running project, logged in as `supabase_auth_admin`
 * (instances/auth-schema.ts): it writes the `auth` schema and reaches nothing else, so a member's
 * trigger on auth.users runs with no more than that. Closed with the data API's pools
 * (rest/pool.ts closeRestPool) when an instance stops or moves.
 */
import pg from 'pg';
import { AUTH_ROLE } from '../instances/auth-schema.ts';
import { SessionPools } from '../instances/session-pools.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceAuthPassword, platformAddress } from '../services/projects/project-instance.ts';
import type { ProjectRow } from '../store/projects.ts';
import { AuthApiError } from './errors.ts';

const SESSIONS = 8;
const IDLE_MS = 30_000;
const ACQUIRE_TIMEOUT_MS = 10_000;
const STATEMENT_TIMEOUT = '10s';

const pools = new SessionPools((pool) => ({ pool }));

function authPool(ctx: PlatformContext, project: ProjectRow): pg.Pool {
  return pools.get(project.ref, {
    ...platformAddress(ctx.driver, project),
    user: AUTH_ROLE,
    password: instanceAuthPassword(ctx.box, project.ref),
    application_name: 'basin-auth',
    pipeline: true,
    options: `-c search_path=auth -c statement_timeout=${STATEMENT_TIMEOUT}`,
    max: SESSIONS,
    idleTimeoutMillis: IDLE_MS,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
  }).pool;
}

/** GoTrue's answer when its database is away: a 5xx auth-js retries rather than a signed-out user. */
const unavailable = (project: ProjectRow) =>
  new AuthApiError(
    503,
    'unexpected_failure',
    project.status === 'INACTIVE' ? 'The project is paused' : `The project's database is not running (status ${project.status})`,
  );

/** A database error in words auth-js shows: a full disk's read-only mode, a timeout, a taken address; anything else is ours. */
function asAuthError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  if (error.code === '25006') return new AuthApiError(503, 'unexpected_failure', 'The project is in read-only mode: its disk is full');
  if (error.code === '57014')
    return new AuthApiError(504, 'request_timeout', 'Processing this request timed out, please retry after a moment.');
  // Two requests for the same new address at once: the second loses the race on the unique index.
  if (error.code === '23505' && error.constraint === 'users_email_partial_key') {
    return new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  return error;
}

/**
 * One statement outside a transaction: reads, and the writes one statement does whole. A `name`
 * prepares it once per session (the hot paths: GET /user, refreshes), as PostgREST does.
 */
export async function queryAuth<R extends pg.QueryResultRow>(
  ctx: PlatformContext,
  project: ProjectRow,
  text: string,
  values: unknown[],
  name?: string,
): Promise<R[]> {
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw unavailable(project);
  try {
    return (await authPool(ctx, project).query<R>({ name, text, values })).rows;
  } catch (error) {
    throw asAuthError(error);
  }
}

/** `work` in one transaction of the project's auth sessions, committed when it resolves. */
export async function withAuthTransaction<T>(
  ctx: PlatformContext,
  project: ProjectRow,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw unavailable(project);
  const client = await authPool(ctx, project)
    .connect()
    .catch(() => {
      throw unavailable(project);
    });
  let broken: Error | undefined;
  try {
    const begun = client.query('begin');
    const working = work(client);
    // Observed below; a refusal thrown before `begin` answers must not count as unhandled meanwhile.
    working.catch(() => {});
    await begun;
    const result = await working;
    await client.query('commit');
    return result;
  } catch (error) {
    broken = await client.query('rollback').then(
      () => undefined,
      (lost: unknown) => (lost instanceof Error ? lost : new Error(String(lost))),
    );
    throw asAuthError(error);
  } finally {
    client.release(broken);
  }
}

export const closeAuthPool = (ref: string) => pools.close(ref);
export const closeAllAuthPools = () => pools.closeAll();
