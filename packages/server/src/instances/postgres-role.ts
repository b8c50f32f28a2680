/**
 * The two roles above the read-only one. `basin_admin` is the superuser (made by initdb) and only
 * the platform knows its password. `postgres`, the role members log in as, owns database postgres
 * (and so schema public, through pg_database_owner) but is no superuser: a superuser runs shell
 * commands (COPY ... PROGRAM) and reads files as the system user that owns every data directory.
 * Plain SQL run as the superuser, so any driver can use it once its instance answers.
 */
import type pg from 'pg';
import { setRolePassword } from './readonly-role.ts';

export const ADMIN_ROLE = 'basin_admin';
export const POSTGRES_ROLE = 'postgres';

/**
 * Data and monitoring, nothing more. Never pg_execute_server_program, pg_read_server_files or
 * pg_write_server_files: each gives the server's programs or files.
 */
const PREDEFINED_ROLES = ['pg_read_all_data', 'pg_write_all_data', 'pg_monitor', 'pg_signal_backend'];

/** Creates or updates `postgres` with `password`; run again, it resets attributes and password. */
export async function ensurePostgresRole(client: pg.ClientBase, password: string): Promise<void> {
  const role = client.escapeIdentifier(POSTGRES_ROLE);
  const { rows } = await client.query<{ exists: boolean; scoped_createrole: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as exists,
            current_setting('server_version_num')::int >= 160000 as scoped_createrole`,
    [POSTGRES_ROLE],
  );
  const [found] = rows;
  if (!found?.exists) await client.query(`create role ${role}`);
  // Before Postgres 16, CREATEROLE may grant any role but a superuser, pg_execute_server_program
  // included; from 16 on only roles it holds with ADMIN OPTION (those it created).
  const createrole = found?.scoped_createrole ? 'createrole' : 'nocreaterole';
  await client.query(`alter role ${role} with nosuperuser inherit createdb ${createrole} noreplication bypassrls`);
  await setRolePassword(client, POSTGRES_ROLE, password);
  await client.query(`
    alter database postgres owner to ${role};
    grant ${PREDEFINED_ROLES.join(', ')} to ${role};
  `);
}
