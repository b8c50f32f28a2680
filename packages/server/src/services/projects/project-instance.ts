import { can, instanceSettings, type Role } from '@basin/core';
import { AUTHENTICATOR_ROLE } from '../../instances/authenticator-role.ts';
import { ADMIN_ROLE, POSTGRES_ROLE } from '../../instances/postgres-role.ts';
import { READONLY_ROLE } from '../../instances/readonly-role.ts';
import type { InstanceAddress, InstanceDriver, InstanceSpec, SessionLogin } from '../../instances/types.ts';
import type { ProjectRow } from '../../store/projects.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import type { SecretBox } from '../../kernel/secrets.ts';

/** What making a login needs: the driver (where) and the secret box (the password). */
type Sessions = Pick<PlatformContext, 'driver' | 'box'>;

/** The superuser's password of a project's instance: derived from the platform secret, never stored. */
export const instanceAdminPassword = (box: SecretBox, ref: string) => box.derive(`instance-admin:${ref}`);
/** The data API's login (`authenticator`), derived the same way. */
export const instanceAuthenticatorPassword = (box: SecretBox, ref: string) => box.derive(`instance-authenticator:${ref}`);
export const instanceAuthPassword = (box: SecretBox, ref: string) => box.derive(`instance-auth:${ref}`);
/**
 * The Vault key, derived the same way from the project whose rows it encrypted first: a preview
 * branch (never a branch's branch) starts from a copy of its parent's rows, so it shares the
 * parent's key.
 */
export const instanceVaultKey = (box: SecretBox, row: Pick<ProjectRow, 'ref' | 'parent_project_ref'>) =>
  box.derive(`instance-vault:${row.parent_project_ref ?? row.ref}`);

/**
 * The instance a project row describes, with its passwords unsealed for the driver. The admin,
 * authenticator and auth passwords are derived, never stored: only the platform can work them out.
 */
export function instanceSpec(row: ProjectRow, box: SecretBox): InstanceSpec {
  if (row.port === null) throw new Error(`Project ${row.ref} has no port`);
  return {
    ref: row.ref,
    major: row.postgres_major,
    port: row.port,
    adminPassword: instanceAdminPassword(box, row.ref),
    postgresPassword: box.open(row.db_password),
    readonlyPassword: box.open(row.readonly_password),
    authenticatorPassword: instanceAuthenticatorPassword(box, row.ref),
    authPassword: instanceAuthPassword(box, row.ref),
    vaultKey: instanceVaultKey(box, row),
    settings: instanceSettings(row.compute_size),
    archiveWal: row.pitr_retention_days !== null,
  };
}

/** Where the platform reaches the project's instance, as its driver says. */
export function platformAddress(driver: InstanceDriver, row: Pick<ProjectRow, 'ref' | 'port'>): InstanceAddress {
  if (row.port === null) throw new Error(`Project ${row.ref} has no port`);
  return driver.endpoints({ ref: row.ref, port: row.port }).platform;
}

/** Logins already worked out, per project row: the data API asks on every request (the rows come from a short-lived cache). */
const dataApiLogins = new WeakMap<ProjectRow, SessionLogin>();

/** How the data API (`/rest/v1`) logs in to the project's instance; the same object for the same row. */
export function dataApiLogin(ctx: Sessions, row: ProjectRow): SessionLogin {
  let login = dataApiLogins.get(row);
  if (!login) {
    login = { ...platformAddress(ctx.driver, row), user: AUTHENTICATOR_ROLE, password: instanceAuthenticatorPassword(ctx.box, row.ref) };
    dataApiLogins.set(row, login);
  }
  return login;
}

/** How the platform logs in as the superuser `basin_admin` where its driver says (catalog readers, the realtime stream). */
export function superuserLogin(ctx: Sessions, row: ProjectRow): SessionLogin {
  return { ...platformAddress(ctx.driver, row), user: ADMIN_ROLE, password: instanceAdminPassword(ctx.box, row.ref) };
}

/** The database roles members work as from the dashboard (the SQL editor, the table editor). */
export type MemberDatabaseRole = typeof POSTGRES_ROLE | typeof READONLY_ROLE;

export const isMemberDatabaseRole = (role: string): role is MemberDatabaseRole => role === POSTGRES_ROLE || role === READONLY_ROLE;

/** `postgres` for members who may read its credentials (the connection string they see), `basin_readonly` for the others. */
export const memberDatabaseRole = (role: Role): MemberDatabaseRole =>
  can(role, 'database.credentials:read') ? POSTGRES_ROLE : READONLY_ROLE;

/** How a member database role logs in: its password is sealed in the project row. */
export function memberDatabaseLogin(ctx: Sessions, row: ProjectRow, role: MemberDatabaseRole): SessionLogin {
  const password = ctx.box.open(role === POSTGRES_ROLE ? row.db_password : row.readonly_password);
  return { ...platformAddress(ctx.driver, row), user: role, password };
}
