/**
 * The login each project's log queries run as, in the platform's store: `basin_logs_<digest>`, made
 * on a project's first log query and dropped with the project. It has no memberships and no
 * attributes, may only read the views of schema `logs` (which show the rows of the project
 * `log_readers` maps it to), and works in read-only transactions with a statement timeout and
 * capped work memory and temporary files. Its name is a digest of the ref under the platform
 * secret, so that the role list (which every login can read) names no project; its password is
 * derived from the secret like the instances' and never stored.
 *
 * On an external store (DATABASE_URL) the platform's user needs CREATEROLE for this.
 */
import { LOG_QUERIES_PER_PROJECT, LOG_QUERY_TIMEOUT_MS } from '@basin/core';
import pg from 'pg';
import { scramVerifier } from '../instances/scram-verifier.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { transaction } from '../store/db.ts';

const POOL_IDLE_MS = 10_000;

/** Role settings: the session can lower or raise work_mem itself, never temp_file_limit (superuser only). */
const ROLE_SETTINGS: Record<string, string> = {
  search_path: 'logs',
  default_transaction_read_only: 'on',
  statement_timeout: `${LOG_QUERY_TIMEOUT_MS}ms`,
  idle_in_transaction_session_timeout: '30s',
  work_mem: '16MB',
  temp_file_limit: '256MB',
  TimeZone: 'UTC',
};

export function readerRoleName(ctx: PlatformContext, ref: string): string {
  return `basin_logs_${Buffer.from(ctx.box.derive(`logs-reader-role:${ref}`), 'base64url')
    .toString('hex')
    .slice(0, 24)}`;
}

const readerPassword = (ctx: PlatformContext, ref: string) => ctx.box.derive(`logs-reader:${ref}`);

interface Readers {
  /** Refs whose role this process has made or reset (with the current secret's password). */
  ready: Map<string, Promise<void>>;
  pools: Map<string, pg.Pool>;
}

const readersByContext = new WeakMap<PlatformContext, Readers>();

function readersOf(ctx: PlatformContext): Readers {
  let readers = readersByContext.get(ctx);
  if (!readers) readersByContext.set(ctx, (readers = { ready: new Map(), pools: new Map() }));
  return readers;
}

/**
 * Makes the project's reader exist as described above, once per process (a restarted platform
 * resets it: the secret, and with it the password, may have changed).
 */
export function ensureReader(ctx: PlatformContext, ref: string): Promise<void> {
  const { ready } = readersOf(ctx);
  let made = ready.get(ref);
  if (!made) {
    made = makeReader(ctx, ref);
    ready.set(ref, made);
    made.catch(() => ready.delete(ref));
  }
  return made;
}

/** After a refused login: made again on the next query. */
export function forgetReader(ctx: PlatformContext, ref: string): void {
  readersOf(ctx).ready.delete(ref);
}

async function makeReader(ctx: PlatformContext, ref: string): Promise<void> {
  const name = readerRoleName(ctx, ref);
  await transaction(ctx.db, async (client) => {
    // One maker at a time across replicas (the platform's superuser may take advisory locks).
    await client.query("select pg_advisory_xact_lock(hashtext('basin-logs-reader'), hashtext($1))", [ref]);
    const { rows } = await client.query<{ role_name: string }>('select role_name from log_readers where ref = $1', [ref]);
    const previous = rows[0]?.role_name;
    if (previous && previous !== name) await dropRole(client, previous); // named under another secret
    const role = client.escapeIdentifier(name);
    const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [name]);
    if (!rowCount) await client.query(`create role ${role}`);
    await client.query(
      `alter role ${role} with login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls
       connection limit ${LOG_QUERIES_PER_PROJECT + 1} password ${client.escapeLiteral(scramVerifier(readerPassword(ctx, ref)))}`,
    );
    for (const [setting, value] of Object.entries(ROLE_SETTINGS)) {
      await client.query(`alter role ${role} set ${setting} = ${client.escapeLiteral(value)}`);
    }
    await client.query(`grant usage on schema logs to ${role}`);
    await client.query(`grant select on all tables in schema logs to ${role}`);
    await client.query(
      'insert into log_readers (role_name, ref) values ($1, $2) on conflict (ref) do update set role_name = excluded.role_name',
      [name, ref],
    );
  });
}

async function dropRole(client: pg.ClientBase, name: string): Promise<void> {
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [name]);
  if (!rowCount) return;
  await client.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [name]);
  await client.query(`drop owned by ${client.escapeIdentifier(name)}`); // its grants on the views
  await client.query(`drop role ${client.escapeIdentifier(name)}`);
}

/** The project's reader sessions: a few, closed when idle. */
export function readerPool(ctx: PlatformContext, ref: string): pg.Pool {
  const { pools } = readersOf(ctx);
  let pool = pools.get(ref);
  if (!pool) {
    const url = new URL(ctx.db.options.connectionString ?? '');
    url.username = readerRoleName(ctx, ref);
    url.password = readerPassword(ctx, ref);
    pool = new pg.Pool({
      connectionString: url.toString(),
      max: LOG_QUERIES_PER_PROJECT,
      idleTimeoutMillis: POOL_IDLE_MS,
      application_name: 'basin logs',
    });
    pool.on('error', () => {}); // a session ended under it (a terminated query): the pool replaces it
    pools.set(ref, pool);
  }
  return pool;
}

/** The project is being deleted: its sessions end, its role and its mapping go. */
export async function dropReader(ctx: PlatformContext, ref: string): Promise<void> {
  const { ready, pools } = readersOf(ctx);
  ready.delete(ref);
  const pool = pools.get(ref);
  pools.delete(ref);
  await pool?.end().catch(() => {});
  await transaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ role_name: string }>('delete from log_readers where ref = $1 returning role_name', [ref]);
    for (const { role_name } of rows) await dropRole(client, role_name);
  });
}

/** At platform stop. */
export async function closeReaderPools(ctx: PlatformContext): Promise<void> {
  const { pools } = readersOf(ctx);
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.end().catch(() => {})));
}
