/**
 * What every project instance offers an API layer: the roles `anon`, `authenticated` and
 * `service_role` (no login: a gateway switches to them with SET ROLE); the `auth` schema their
 * policies call is auth-schema.ts's. Plain SQL run as the superuser, idempotent, so any driver can
 * run it on every create.
 */
import type pg from 'pg';
import { POSTGRES_ROLE } from './postgres-role.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

/** The API roles that do not exist yet. */
export async function createApiRoles(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [API_ROLES]);
  const existing = new Set(rows.map((row) => row.rolname));
  for (const role of API_ROLES) {
    if (!existing.has(role)) await client.query(`create role ${client.escapeIdentifier(role)} nologin noinherit`);
  }
}

/** Creates the API roles; run again, it changes nothing that exists. */
export async function ensureApiRoles(client: pg.ClientBase): Promise<void> {
  await createApiRoles(client);
  const roles = API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
  const member = client.escapeIdentifier(POSTGRES_ROLE);
  // postgres may grant these roles (ADMIN OPTION) and act as them, as the members' role must to
  // write policies and grants for them; service_role bypasses RLS like the hosted one.
  await client.query(`
    alter role service_role bypassrls;
    grant ${roles} to ${member} with admin option;
    grant usage on schema public to ${roles};
  `);
  // As on the hosted platform, what members make in public is the API's to reach, and row level
  // security decides which rows: grants by default, once, so members may revoke them.
  await client.query(`
    alter default privileges for role ${member} in schema public grant all on tables to ${roles};
    alter default privileges for role ${member} in schema public grant all on sequences to ${roles};
    alter default privileges for role ${member} in schema public grant execute on functions to ${roles};
  `);
}
