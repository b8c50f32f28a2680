import pg from 'pg';

export type Db = pg.Pool;

export function createPool(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its server (e.g. during shutdown) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Runs fn in a transaction on one client. */
export async function transaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export type Queryable = Pick<pg.Pool, 'query'>;
