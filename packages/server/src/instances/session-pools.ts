import pg from 'pg';
import type { SessionLogin } from './types.ts';

/** Where and as whom a pool logs in on an instance, and how (pg's pool settings). */
export type SessionPoolConfig = pg.PoolConfig & SessionLogin;

/**
 * Warm sessions on project instances, one pool per instance (by ref) for one purpose. The pool
 * follows the instance: a restore or upgrade may move it to another port, a resize changes what
 * it holds, and a config that differs in anything gets a new pool while the old one is ended.
 * `wrap` lets a user keep its own state beside each pool.
 */
export class SessionPools<E extends { pool: pg.Pool }> {
  readonly #byRef = new Map<string, { key: string; entry: E }>();

  constructor(private readonly wrap: (pool: pg.Pool) => E) {}

  get(ref: string, config: SessionPoolConfig): E {
    const key = keyOf(config);
    const current = this.#byRef.get(ref);
    if (current?.key === key) return current.entry;
    if (current) void endQuietly(current.entry.pool);
    const pool = new pg.Pool({ database: 'postgres', allowExitOnIdle: true, ...config });
    // A session dropped (the instance stopped) must not crash the platform: while idle, the pool
    // reports it; while borrowed, its query fails too, and pg discards it when it comes back.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const entry = this.wrap(pool);
    this.#byRef.set(ref, { key, entry });
    return entry;
  }

  /** Ends the pool of `ref` once its borrowed sessions are back; a no-op without one. */
  async close(ref: string): Promise<void> {
    const current = this.#byRef.get(ref);
    if (!current) return;
    this.#byRef.delete(ref);
    await endQuietly(current.entry.pool);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.#byRef.keys()].map((ref) => this.close(ref)));
  }
}

/** A config's comparable form, kept per config object: a caller that keeps its config (restPool) serializes it once. */
const keys = new WeakMap<SessionPoolConfig, string>();
function keyOf(config: SessionPoolConfig): string {
  let key = keys.get(config);
  if (key === undefined) keys.set(config, (key = JSON.stringify(config)));
  return key;
}

const endQuietly = (pool: pg.Pool) => pool.end().catch(() => {});
