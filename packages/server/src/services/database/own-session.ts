/**
 * A connection of its own to a project's `postgres` database, for work that must not share a
 * pooled session (the SQL editor's runs, table changes, imports and exports): the caller's login,
 * a statement timeout, and a name in pg_stat_activity. A refused connection is ended and its error
 * handed to `refused`, which says what the caller answers.
 */
import pg from 'pg';
import type { SessionLogin } from '../../instances/types.ts';

export interface OwnSessionOptions {
  login: SessionLogin;
  applicationName: string;
  statementTimeoutMs: number;
  /** Only the catalog on the search path, so that no member's object shadows a built-in name. */
  catalogSearchPath?: boolean;
  refused: (error: Error) => Error;
}

export async function openOwnSession({
  login,
  applicationName,
  statementTimeoutMs,
  catalogSearchPath,
  refused,
}: OwnSessionOptions): Promise<pg.Client> {
  const client = new pg.Client({
    ...login,
    database: 'postgres',
    application_name: applicationName,
    options: `${catalogSearchPath ? '-c search_path=pg_catalog ' : ''}-c statement_timeout=${statementTimeoutMs}`,
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => {}); // a dropped connection also fails the awaited query or stream
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw refused(error as Error);
  }
  return client;
}
