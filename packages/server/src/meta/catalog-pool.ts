import pg from 'pg';
import { SessionPools } from '../instances/session-pools.ts';
import type { SessionLogin } from '../instances/types.ts';

const CATALOG_TIMEOUT_MS = 30_000;
/** Long enough to serve a search-as-you-type burst from warm sessions, short enough to let a stopped instance go. */
const IDLE_MS = 10_000;

const SESSIONS = 2;

interface CatalogPool {
  pool: pg.Pool;
  /** The turn to take both sessions at once (see withCatalogPair). */
  pairTurn: Promise<void>;
}

/**
 * Introspection sessions per instance, kept warm for a few seconds: a dashboard asks for several
 * lists at once and again on every keystroke, and a warm session skips the login and keeps its
 * prepared catalog queries (planning a big catalog query is a good part of its time). Same rules
 * as `withAdmin`: the superuser with search_path=pg_catalog, so nothing a member defined can
 * stand in for a built-in.
 */
const pools = new SessionPools<CatalogPool>((pool) => ({ pool, pairTurn: Promise.resolve() }));

const poolFor = (ref: string, login: SessionLogin): CatalogPool =>
  pools.get(ref, {
    ...login,
    options: '-c search_path=pg_catalog',
    max: SESSIONS,
    idleTimeoutMillis: IDLE_MS,
    connectionTimeoutMillis: CATALOG_TIMEOUT_MS,
    query_timeout: CATALOG_TIMEOUT_MS,
  });

async function borrow<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
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

export function withCatalogSession<T>(ref: string, login: SessionLogin, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return borrow(poolFor(ref, login).pool, work);
}

export type CatalogPair = readonly [pg.ClientBase, pg.ClientBase];

/**
 * Both sessions at once, for readers that split their catalog queries in two. Callers take their
 * pair in turns: two of them each holding one session and waiting for the other's would wait
 * forever. A single-session caller never waits on a pair for long: pairs only ever wait to start.
 */
export async function withCatalogPair<T>(ref: string, login: SessionLogin, work: (pair: CatalogPair) => Promise<T>): Promise<T> {
  const entry = poolFor(ref, login);
  let taken!: () => void;
  const turn = new Promise<void>((resolve) => (taken = resolve));
  const previous = entry.pairTurn;
  entry.pairTurn = previous.then(() => turn);
  await previous;
  try {
    return await borrow(entry.pool, (first) =>
      borrow(entry.pool, (second) => {
        taken();
        return work([first, second]);
      }),
    );
  } finally {
    taken();
  }
}
