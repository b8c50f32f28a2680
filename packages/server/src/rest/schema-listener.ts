/**
 * `LISTEN pgrst` on a project's instance, as PostgREST does: `NOTIFY pgrst, 'reload schema'` (or
 * an empty payload) from a member reloads the data API's schema cache. The session logs in as
 * `authenticator` and comes back on its own after the instance restarts; since notifications
 * sent while nobody listened are lost, every reconnection counts as one.
 */
import pg from 'pg';
import type { SessionLogin } from '../instances/types.ts';

const RELOAD_CHANNEL = 'pgrst';
const RELOAD_PAYLOADS = new Set(['', 'reload schema']);

const CONNECT_TIMEOUT_MS = 5_000;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

export class SchemaListener {
  /** Settles once the first attempt to listen has ended, whether it succeeded or not. */
  readonly ready: Promise<void>;
  #client: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #retryMs = FIRST_RETRY_MS;
  #closed = false;

  constructor(
    private readonly login: SessionLogin,
    private readonly onReload: () => void,
  ) {
    this.ready = this.#listen(false);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    await this.#client?.end().catch(() => {});
  }

  async #listen(again: boolean): Promise<void> {
    const client = new pg.Client({
      database: 'postgres',
      ...this.login,
      options: '-c search_path=pg_catalog',
      application_name: 'basin-rest-listener',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const retry = () => {
      if (lost) return; // 'error' and 'end' both come for one loss
      lost = true;
      void client.end().catch(() => {});
      this.#scheduleRetry();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', ({ channel, payload }) => {
      if (channel === RELOAD_CHANNEL && RELOAD_PAYLOADS.has(payload ?? '')) this.onReload();
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(RELOAD_CHANNEL)}`);
    } catch {
      retry();
      return;
    }
    this.#retryMs = FIRST_RETRY_MS;
    if (again) this.onReload();
  }

  #scheduleRetry(): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => void this.#listen(true), this.#retryMs);
    this.#timer.unref(); // a platform that is stopping does not wait for it
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
  }
}
