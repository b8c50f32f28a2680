/**
 * The login of the project's data API (`/rest/v1`), as Supabase's `authenticator`: it holds the
 * API roles without their privileges (NOINHERIT) and switches to one of them in each request's
 * transaction. It reaches nothing `postgres` does not already administer (the API roles), and
 * members can neither log in as it nor change it: postgres is not its member, and creates or
 * alters only the roles it administers (and none at all before Postgres 16). Plain SQL run as
 * the superuser, on every create and every start, so instances made before it get it too.
 */
import type pg from 'pg';
import { API_ROLES, type ApiRole, createApiRoles } from './api-roles.ts';
import { setRolePassword } from './readonly-role.ts';

export const AUTHENTICATOR_ROLE = 'authenticator';

/**
 * Statement timeouts of the API roles, as on the hosted platform. `set role` does not apply a
 * role's settings, so rest/transaction.ts reads them per request; members may change them.
 */
const API_ROLE_TIMEOUTS: Partial<Record<ApiRole, string>> = { anon: '3s', authenticated: '8s' };
/** What the other API roles (service_role) get: the login's own setting. */
const AUTHENTICATOR_TIMEOUT = '8s';

/** Creates or resets `authenticator` with `password`: attributes, API roles, timeouts. */
export async function ensureAuthenticatorRole(client: pg.ClientBase, password: string): Promise<void> {
  const role = client.escapeIdentifier(AUTHENTICATOR_ROLE);
  await createApiRoles(client);
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [AUTHENTICATOR_ROLE]);
  if (!rowCount) await client.query(`create role ${role}`);
  await setRolePassword(client, AUTHENTICATOR_ROLE, password);
  await client.query(`alter role ${role} with login noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
  await client.query(`grant ${API_ROLES.map((name) => client.escapeIdentifier(name)).join(', ')} to ${role}`);
  await client.query(`grant connect on database postgres to ${role}`);
  await client.query(`alter role ${role} set statement_timeout = ${client.escapeLiteral(AUTHENTICATOR_TIMEOUT)}`);
  await setDefaultTimeouts(client);
}

/** The API roles' timeouts, only where none is set: a member's own choice stays. */
async function setDefaultTimeouts(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ rolname: ApiRole }>(
    `select r.rolname from pg_roles r
      where r.rolname = any($1) and not exists (
        select 1 from pg_db_role_setting s, unnest(s.setconfig) as setting
         where s.setrole = r.oid and s.setdatabase = 0 and setting like 'statement\\_timeout=%')`,
    [Object.keys(API_ROLE_TIMEOUTS)],
  );
  for (const { rolname } of rows) {
    await client.query(
      `alter role ${client.escapeIdentifier(rolname)} set statement_timeout = ${client.escapeLiteral(API_ROLE_TIMEOUTS[rolname]!)}`,
    );
  }
}
