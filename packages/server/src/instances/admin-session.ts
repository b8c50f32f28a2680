import pg from 'pg';
import { ADMIN_ROLE } from './postgres-role.ts';
import type { AdminEndpoint, Login } from './types.ts';

export type { AdminEndpoint, Login };

export const adminLogin = (spec: AdminEndpoint): Login => ({ user: ADMIN_ROLE, password: spec.adminPassword });

/**
 * A session as the superuser. Its search_path is pg_catalog alone so that no function or operator
 * a member created in public can stand in for a built-in and run with superuser rights.
 */
export function withAdmin<T>(
  spec: AdminEndpoint,
  timeoutMs: number,
  work: (client: pg.Client) => Promise<T>,
  database = 'postgres',
): Promise<T> {
  return withLogin(spec.port, adminLogin(spec), timeoutMs, work, database);
}

/** A session as `login`, with the same pinned search_path as the superuser's. */
export async function withLogin<T>(
  port: number,
  login: Login,
  timeoutMs: number,
  work: (client: pg.Client) => Promise<T>,
  database = 'postgres',
): Promise<T> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    ...login,
    database,
    options: '-c search_path=pg_catalog',
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {}); // a dropped connection also fails the awaited query
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}
