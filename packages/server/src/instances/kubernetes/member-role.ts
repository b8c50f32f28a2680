/**
 * The members' role on CloudNativePG. On the embedded driver members log in as `postgres`, which
 * is no superuser (postgres-role.ts). CloudNativePG's instance manager logs in as `postgres` over
 * the pod's socket and needs it to stay the superuser, so there the members' role has another
 * name (`memberRole`, `basin_member` by default) and `postgres` has no password at all.
 *
 * The shared role functions (api-roles, readonly-role, auth-schema, storage-schema) grant what
 * members need to `postgres` by name; on CloudNativePG those grants go to the superuser and mean
 * nothing. This file gives the members' role the same attributes and grants. Keep the two in step
 * until the shared functions take the members' role name (see the driver's report).
 * Plain SQL run as the superuser, idempotent, on every create and start.
 */
import type pg from 'pg';
import { API_ROLES } from '../api-roles.ts';
import { READONLY_ROLE, setRolePassword } from '../readonly-role.ts';

/** As postgres-role.ts: monitoring and ending sessions, never the server's files or programs. */
const PREDEFINED_ROLES = ['pg_monitor', 'pg_signal_backend'];
const STORAGE_ROLE = 'supabase_storage_admin';

/** Creates or resets the members' role: attributes, password, owner of database postgres. */
export async function ensureMemberRole(client: pg.ClientBase, name: string, password: string): Promise<void> {
  const role = client.escapeIdentifier(name);
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [name]);
  if (!rowCount) await client.query(`create role ${role}`);
  await setRolePassword(client, name, password);
  await client.query(`alter database postgres owner to ${role}`);
  await applyMemberRole(client, name);
}

/** What the members' role may do on the server; run on every start, as applyPostgresRole is. */
export async function applyMemberRole(client: pg.ClientBase, name: string): Promise<void> {
  const role = client.escapeIdentifier(name);
  const { rows } = await client.query<{ scoped_createrole: boolean }>(
    `select current_setting('server_version_num')::int >= 160000 as scoped_createrole`,
  );
  const scoped = rows[0]!.scoped_createrole;
  // Before Postgres 16 CREATEROLE may grant almost any role; from 16 on only those it created.
  await client.query(
    `alter role ${role} with login nosuperuser inherit createdb ${scoped ? 'createrole' : 'nocreaterole'} noreplication bypassrls`,
  );
  await client.query(`grant ${PREDEFINED_ROLES.join(', ')} to ${role}`);
  if (scoped) await client.query(`alter role ${role} set createrole_self_grant = 'set, inherit'`);
}

/**
 * The grants api-roles.ts, readonly-role.ts, auth-schema.ts and storage-schema.ts give `postgres`,
 * given to the members' role. Run after them: the roles and schemas exist by then.
 */
export async function grantMemberAccess(client: pg.ClientBase, name: string): Promise<void> {
  const member = client.escapeIdentifier(name);
  const apiRoles = API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
  const readonly = client.escapeIdentifier(READONLY_ROLE);
  await client.query(`
    grant ${apiRoles} to ${member} with admin option;
    alter default privileges for role ${member} in schema public grant all on tables to ${apiRoles};
    alter default privileges for role ${member} in schema public grant all on sequences to ${apiRoles};
    alter default privileges for role ${member} in schema public grant execute on functions to ${apiRoles};
    alter default privileges for role ${member} in schema public grant select on tables to ${readonly};
  `);
  await client.query(`
    -- auth and storage hold only the platform's tables and functions (members cannot create there).
    grant usage on schema auth to ${member};
    grant select on all tables in schema auth to ${member};
    grant references, trigger on auth.users to ${member};
    grant execute on all functions in schema auth to ${member};
    grant usage on schema storage to ${member};
    grant ${client.escapeIdentifier(STORAGE_ROLE)} to ${member};
    grant execute on all functions in schema storage to ${member};
  `);
}
