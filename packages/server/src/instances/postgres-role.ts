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
 * Monitoring and ending sessions, nothing more. Never pg_execute_server_program,
 * pg_read_server_files or pg_write_server_files: each gives the server's programs or files. Nor
 * pg_read_all_data / pg_write_all_data: they reach pg_authid (every role's password verifier) and
 * tables the platform keeps from members; earlier instances had them, hence the revoke.
 */
const PREDEFINED_ROLES = ['pg_monitor', 'pg_signal_backend'];
const WITHDRAWN_ROLES = ['pg_read_all_data', 'pg_write_all_data'];

/** Creates or updates `postgres` with `password`; run again, it resets attributes, grants and password. */
export async function ensurePostgresRole(client: pg.ClientBase, password: string): Promise<void> {
  const role = client.escapeIdentifier(POSTGRES_ROLE);
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [POSTGRES_ROLE]);
  if (!rowCount) await client.query(`create role ${role}`);
  await setRolePassword(client, POSTGRES_ROLE, password);
  await client.query(`alter database postgres owner to ${role}`);
  await applyPostgresRole(client);
}

/**
 * What postgres may do on the server. The driver runs it on every start too, so that instances
 * made by an earlier Basin lose what it no longer grants.
 */
export async function applyPostgresRole(client: pg.ClientBase): Promise<void> {
  const role = client.escapeIdentifier(POSTGRES_ROLE);
  const { rows } = await client.query<{ scoped_createrole: boolean; withdrawn: string[] }>(
    `select current_setting('server_version_num')::int >= 160000 as scoped_createrole,
            array(select granted.rolname::text from pg_auth_members m
                    join pg_roles granted on granted.oid = m.roleid join pg_roles member on member.oid = m.member
                   where member.rolname = $1 and granted.rolname = any($2)) as withdrawn`,
    [POSTGRES_ROLE, WITHDRAWN_ROLES],
  );
  const { scoped_createrole, withdrawn } = rows[0]!; // a select without from: always one row
  // Before Postgres 16, CREATEROLE may grant any role but a superuser, pg_execute_server_program
  // included; from 16 on only roles it holds with ADMIN OPTION (those it created).
  const createrole = scoped_createrole ? 'createrole' : 'nocreaterole';
  await client.query(`alter role ${role} with nosuperuser inherit createdb ${createrole} noreplication bypassrls`);
  await client.query(`grant ${PREDEFINED_ROLES.join(', ')} to ${role}`);
  if (withdrawn.length) await client.query(`revoke ${withdrawn.map((name) => client.escapeIdentifier(name)).join(', ')} from ${role}`);
  // From 16 on, postgres only administers the roles it creates; being their member as well lets
  // it read and write what they own, which pg_read_all_data / pg_write_all_data used to cover.
  if (scoped_createrole) await client.query(`alter role ${role} set createrole_self_grant = 'set, inherit'`);
}
