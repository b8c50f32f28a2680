/**
 * The login that loads members' objects into an instance (major upgrades, schema-only branches).
 * Loading runs members' code: a CHECK constraint, a domain or a generated column calls their
 * functions for every row copied, a foreign key check calls their casts. Run by the superuser,
 * that code runs with the superuser's rights, and a superuser runs shell commands (COPY ...
 * PROGRAM) as the system user that owns every data directory. Nor is SET ROLE or SET SESSION
 * AUTHORIZATION in a superuser's session enough: the member's code can undo either. So members'
 * objects are loaded by a session that logged in as `basin_loader`: no superuser, holding the
 * privileges of every role members have (so it can own, fill and index their objects) and none of
 * the platform's superuser, of its logins (auth API, data API) or of the roles that reach the
 * server's files and programs.
 */
import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { type AdminEndpoint, type Login, withAdmin } from './admin-session.ts';
import { AUTH_ROLE } from './auth-schema.ts';
import { AUTHENTICATOR_ROLE } from './authenticator-role.ts';
import { POSTGRES_ROLE } from './postgres-role.ts';
import { setRolePassword } from './readonly-role.ts';

export const LOADER_ROLE = 'basin_loader';

const TIMEOUT_MS = 60_000;

/** What a role must never reach through the loader: each runs programs or reads files on the server. */
const SERVER_ACCESS_ROLES = ['pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files'];
/**
 * The platform's logins, which members cannot act as: the auth API's (it writes the `auth` schema)
 * and the data API's. Members' code runs in the loader's session, so the loader holds neither.
 */
const PLATFORM_LOGINS = [AUTH_ROLE, AUTHENTICATOR_ROLE];

/**
 * Runs `work` with a fresh loader login on `server` (whose members' roles must exist already),
 * then drops it; whatever it came to own goes to `postgres`.
 */
export async function withLoaderRole<T>(server: AdminEndpoint, work: (loader: Login) => Promise<T>): Promise<T> {
  const loader: Login = { user: LOADER_ROLE, password: randomBytes(24).toString('hex') };
  try {
    await withAdmin(server, TIMEOUT_MS, (client) => createLoader(client, loader.password));
    return await work(loader);
  } finally {
    await dropLoader(server);
  }
}

async function createLoader(client: pg.Client, password: string): Promise<void> {
  const loader = client.escapeIdentifier(LOADER_ROLE);
  // Bypassing row security lets it load tables whose owners are subject to their own policies.
  await client.query(`create role ${loader} nosuperuser nocreaterole createdb inherit noreplication bypassrls`);
  await setRolePassword(client, LOADER_ROLE, password);
  const { rows } = await client.query<{ rolname: string }>(
    `select rolname from pg_roles where not rolsuper and rolname !~ '^pg_' and rolname <> $1 and rolname <> all($2) order by rolname`,
    [LOADER_ROLE, PLATFORM_LOGINS],
  );
  for (const { rolname } of rows) await client.query(`grant ${client.escapeIdentifier(rolname)} to ${loader}`);
  const { rows: reached } = await client.query<{ rolname: string }>(
    `select rolname from pg_roles where (rolsuper or rolname = any($2)) and pg_has_role($1, oid, 'member')`,
    [LOADER_ROLE, [...SERVER_ACCESS_ROLES, ...PLATFORM_LOGINS]],
  );
  if (reached.length) throw new Error(`Refusing to load members' objects: their roles reach ${reached.map((r) => r.rolname).join(', ')}`);
}

/** Drops the loader from every database it may have touched, then the role itself, if it exists. */
async function dropLoader(server: AdminEndpoint): Promise<void> {
  const databases = await withAdmin(server, TIMEOUT_MS, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datallowconn and exists (select 1 from pg_roles where rolname = $1)',
      [LOADER_ROLE],
    );
    return rows.map((row) => row.datname);
  });
  if (!databases.length) return;
  for (const database of databases) {
    await withAdmin(
      server,
      TIMEOUT_MS,
      (client) =>
        client.query(`reassign owned by ${client.escapeIdentifier(LOADER_ROLE)} to ${client.escapeIdentifier(POSTGRES_ROLE)};
                    drop owned by ${client.escapeIdentifier(LOADER_ROLE)}`),
      database,
    );
  }
  await withAdmin(server, TIMEOUT_MS, (client) => client.query(`drop role ${client.escapeIdentifier(LOADER_ROLE)}`));
}
