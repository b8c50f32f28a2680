import pg from 'pg';
import type { AdminEndpoint } from '../instances/admin-session.ts';
import { ADMIN_ROLE } from '../instances/postgres-role.ts';

const CATALOG_TIMEOUT_MS = 30_000;
/** Long enough to serve a search-as-you-type burst from warm sessions, short enough to let a stopped instance go. */
const IDLE_MS = 10_000;

/**
 * Introspection sessions per instance, kept warm for a few seconds: a dashboard asks for several
 * lists at once and again on every keystroke, and a warm session skips the login and keeps its
 * prepared catalog queries (planning a big catalog query is a good part of its time). Same rules
 * as `withAdmin`: the superuser with search_path=pg_catalog, so nothing a member defined can
 * stand in for a built-in.
 */
const pools = new Map<string, pg.Pool>();

function poolFor(ref: string, endpoint: AdminEndpoint): pg.Pool {
  // The port and password are part of the key: a restore or upgrade may move the instance.
  const key = `${ref}:${endpoint.port}:${endpoint.adminPassword}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      host: '127.0.0.1',
      port: endpoint.port,
      user: ADMIN_ROLE,
      password: endpoint.adminPassword,
      database: 'postgres',
      options: '-c search_path=pg_catalog',
      max: 2,
      idleTimeoutMillis: IDLE_MS,
      allowExitOnIdle: true,
      connectionTimeoutMillis: CATALOG_TIMEOUT_MS,
      query_timeout: CATALOG_TIMEOUT_MS,
    });
    // A session dropped while idle (the instance stopped) must not crash the platform.
    pool.on('error', () => {});
    pools.set(key, pool);
  }
  return pool;
}

export async function withCatalogSession<T>(ref: string, endpoint: AdminEndpoint, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolFor(ref, endpoint).connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    // An error from the server leaves the session usable; anything else (a lost connection, a timeout) does not.
    if (!(error instanceof pg.DatabaseError)) broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}
