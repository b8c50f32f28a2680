/**
 * The data API's sessions on each running project: a pool logged in as `authenticator`, which
 * each request's transaction switches to the request's role (transaction.ts), and for the
 * dashboard's table editor a small pool per member database role, logged in as that role (its
 * transactions "switch" to the role they already are). Lifecycle jobs close them
 * (jobs/project-job.ts) before they stop or move the instance, with the schema cache and its
 * listener.
 */
import { instanceSettings } from '@basin/core';
import type pg from 'pg';
import { closeAllAuthPools, closeAuthPool } from '../gotrue/db.ts';
import { type SessionPoolConfig, SessionPools } from '../instances/session-pools.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { dataApiLogin, isMemberDatabaseRole, type MemberDatabaseRole, memberDatabaseLogin } from '../services/projects/project-instance.ts';
import { forgetSnapshot, type ProjectRow } from '../store/projects.ts';
import { RestError } from './errors.ts';
import type { RequestAuth } from './request-auth.ts';
import { closeAllSchemaCaches, closeSchemaCache } from './schema-cache.ts';

/** A quarter of the instance's connections, within these bounds: the rest stay for members' own clients. */
const MIN_SESSIONS = 2;
const MAX_SESSIONS = 20;
const IDLE_MS = 30_000;
/** PostgREST's db-pool-acquisition-timeout: how long a request waits for a session. */
const ACQUIRE_TIMEOUT_MS = 10_000;

/** The table editor's sessions per project and member role: a few members clicking, not an application's traffic. */
const MEMBER_SESSIONS = 2;

const sessionPools = () => new SessionPools((pool) => ({ pool }));
const pools = sessionPools();
const memberPools: Record<MemberDatabaseRole, ReturnType<typeof sessionPools>> = {
  postgres: sessionPools(),
  basin_readonly: sessionPools(),
};
const everyPools = () => [pools, ...Object.values(memberPools)];

export const restPoolSize = (project: Pick<ProjectRow, 'compute_size'>) =>
  Math.min(MAX_SESSIONS, Math.max(MIN_SESSIONS, Math.floor(instanceSettings(project.compute_size).max_connections / 4)));

/**
 * The data API pool's settings, one object per project row (the rows come from a short-lived
 * cache, findSnapshot): SessionPools serializes a config once per object to compare it, which
 * done for every request was a few per cent of a one-row GET's CPU.
 */
const restPoolConfigs = new WeakMap<ProjectRow, SessionPoolConfig>();

function restPoolConfig(ctx: PlatformContext, project: ProjectRow): SessionPoolConfig {
  let config = restPoolConfigs.get(project);
  if (!config) {
    config = {
      ...dataApiLogin(ctx, project),
      application_name: 'basin-rest',
      // A request's queries go out without waiting for each other's answers (transaction.ts).
      pipeline: true,
      // Outside a request's transaction (which sets its own), nothing resolves to members' objects.
      options: '-c search_path=pg_catalog',
      max: restPoolSize(project),
      idleTimeoutMillis: IDLE_MS,
      connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
    };
    restPoolConfigs.set(project, config);
  }
  return config;
}

/** The project's pool; call requireRunning first. */
export function restPool(ctx: PlatformContext, project: ProjectRow): pg.Pool {
  return pools.get(project.ref, restPoolConfig(ctx, project)).pool;
}

/** The pool a request's transaction runs on: its member database role's own, else authenticator's. */
export function requestPool(ctx: PlatformContext, project: ProjectRow, role: RequestAuth['role']): pg.Pool {
  if (!isMemberDatabaseRole(role)) return restPool(ctx, project);
  return memberPools[role].get(project.ref, {
    ...memberDatabaseLogin(ctx, project, role),
    application_name: 'basin-table-editor',
    pipeline: true,
    // The SQL editor's statement timeout, unless the role sets its own (transaction.ts reads it).
    options: `-c search_path=pg_catalog -c statement_timeout=${ctx.config.sqlStatementTimeoutMs}`,
    max: MEMBER_SESSIONS,
    idleTimeoutMillis: IDLE_MS,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
  }).pool;
}

/**
 * Refuses at once, as PostgREST answers when it cannot reach its database (503, PGRST000), a
 * project whose instance is not serving: paused, restarting, failed... rather than waiting on a
 * connection that will not come.
 */
export function requireRunning(project: ProjectRow): void {
  if (project.status === 'ACTIVE_HEALTHY' && project.port !== null) return;
  const message =
    project.status === 'INACTIVE' ? 'The project is paused' : `The project's database is not running (status ${project.status})`;
  throw new RestError(
    503,
    'PGRST000',
    message,
    null,
    project.status === 'INACTIVE' ? 'Restore the project from the dashboard to use its API' : null,
  );
}

/**
 * Ends the project's sessions (the auth API's too), its schema cache and the cache's listener: the instance is about to
 * stop or move. The gateway's snapshot goes too: a status written inside a transaction may have
 * been read again before it committed.
 */
export async function closeRestPool(ref: string): Promise<void> {
  forgetSnapshot(ref);
  await Promise.all([...everyPools().map((byRef) => byRef.close(ref)), closeSchemaCache(ref), closeAuthPool(ref)]);
}

/** Every project's, when the platform stops. */
export async function closeAllRestPools(): Promise<void> {
  await Promise.all([...everyPools().map((byRef) => byRef.closeAll()), closeAllSchemaCaches(), closeAllAuthPools()]);
}
