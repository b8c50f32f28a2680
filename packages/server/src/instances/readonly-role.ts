/**
 * The read-only role behind the read-only connection string. Plain SQL run as the superuser,
 * so any driver can use it once its instance answers.
 */
import { readonlyConnectionLimit } from '@basin/core';
import type pg from 'pg';
import { scramVerifier } from './scram-verifier.ts';

export const READONLY_ROLE = 'basin_readonly';

/**
 * Sets a role's password without the password ever reaching the server: only its SCRAM verifier
 * travels (scram-verifier.ts), and not even that reaches the server log, when the statement fails
 * either (log_min_error_statement would print it). Needs a superuser session.
 */
export async function setRolePassword(client: pg.ClientBase, role: string, password: string): Promise<void> {
  await client.query("set log_statement = 'none'; set log_min_error_statement = 'panic'; set log_min_duration_statement = -1");
  try {
    await client.query(`alter role ${client.escapeIdentifier(role)} with login password ${client.escapeLiteral(scramVerifier(password))}`);
  } finally {
    await client.query('reset log_statement; reset log_min_error_statement; reset log_min_duration_statement');
  }
}

/**
 * Creates or updates `basin_readonly`: it can read every table of schema public, now and later,
 * and its transactions are read-only by default. Writes fail twice over: the session is
 * read-only (a user may turn that off) and the role has no privilege to write anything.
 */
export async function ensureReadonlyRole(client: pg.ClientBase, password: string): Promise<void> {
  const role = client.escapeIdentifier(READONLY_ROLE);
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [READONLY_ROLE]);
  if (!rowCount) await client.query(`create role ${role}`);
  await setRolePassword(client, READONLY_ROLE, password);
  await client.query(`
    alter role ${role} set default_transaction_read_only = on;
    grant connect on database postgres to ${role};
    grant usage on schema public to ${role};
    grant select on all tables in schema public to ${role};
    alter default privileges for role postgres in schema public grant select on tables to ${role};
  `);
  await limitReadonlyRole(client);
}

/**
 * The read-only role's share of the running server's connections. The driver runs it on every
 * start, since a resize changes max_connections.
 */
export async function limitReadonlyRole(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ max_connections: number }>(`select current_setting('max_connections')::int as max_connections`);
  const limit = readonlyConnectionLimit(rows[0]!.max_connections);
  await client.query(`alter role ${client.escapeIdentifier(READONLY_ROLE)} connection limit ${limit}`);
}
