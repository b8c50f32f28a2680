/**
 * What the platform keeps inside every instance, as its superuser: the members' and the data
 * API's roles and the schemas of auth, storage, Vault and Realtime. A new instance gets them
 * all; a started one catches up (an instance made by an earlier Basin included), never touching
 * the grants members manage.
 */
import type pg from 'pg';
import { withAdmin } from './admin-session.ts';
import { ensureApiRoles } from './api-roles.ts';
import { ensureAuthSchema } from './auth-schema.ts';
import { ensureAuthenticatorRole } from './authenticator-role.ts';
import { ADMIN_ROLE, applyPostgresRole, ensurePostgresRole } from './postgres-role.ts';
import { ensureReadonlyRole, limitReadonlyRole } from './readonly-role.ts';
import { ensureRealtimeSchema } from './realtime-schema.ts';
import { ensureStorageSchema } from './storage-schema.ts';
import type { InstanceSpec } from './types.ts';
import { ensureVaultSchema } from './vault-schema.ts';

/** Where the instance keeps what the setup names: its data directory (for the error) and its Vault key. */
export interface InstanceFiles {
  dataDir: string;
  vaultKeyFile: string;
}

export function setUpNewInstance(spec: InstanceSpec, files: InstanceFiles): Promise<void> {
  return asAdmin(spec, files, async (client) => {
    await ensurePostgresRole(client, spec.postgresPassword); // first: the read-only role's grants name it
    await ensureReadonlyRole(client, spec.readonlyPassword);
    await ensureApiRoles(client);
    await ensurePlatformSchemas(client, spec, files);
  });
}

/** The read-only role's connection limit also follows the size the instance now runs with. */
export function catchUpInstance(spec: InstanceSpec, files: InstanceFiles): Promise<void> {
  return asAdmin(spec, files, async (client) => {
    await applyPostgresRole(client);
    await limitReadonlyRole(client);
    await ensurePlatformSchemas(client, spec, files);
  });
}

async function ensurePlatformSchemas(client: pg.Client, spec: InstanceSpec, files: InstanceFiles): Promise<void> {
  await ensureAuthenticatorRole(client, spec.authenticatorPassword);
  await ensureAuthSchema(client, spec.authPassword);
  await ensureStorageSchema(client);
  await ensureVaultSchema(client, files.vaultKeyFile);
  await ensureRealtimeSchema(client);
}

/** In a writable session even while the disk guard keeps the database read-only. */
function asAdmin(spec: InstanceSpec, { dataDir }: InstanceFiles, work: (client: pg.Client) => Promise<void>): Promise<void> {
  return withAdmin(spec, 5_000, async (client) => {
    await client.query('set default_transaction_read_only = off');
    await work(client);
  }).catch((error: unknown) => {
    throw isLoginFailure(error) ? adminLoginError(spec.ref, dataDir) : error;
  });
}

/** Either not our data directory any more, or made before `postgres` stopped being the superuser. */
function adminLoginError(ref: string, dataDir: string): Error {
  return new Error(
    `Cannot log in to instance ${ref} as ${ADMIN_ROLE} with the password derived from the platform secret. ` +
      `Its data directory was made by an earlier Basin (when postgres was the superuser) or under another secret; ` +
      `remove ${dataDir} to make the instance again.`,
  );
}

/** 28P01, invalid_password: also what Postgres answers for a role that does not exist. */
function isLoginFailure(error: unknown): boolean {
  return (error as { code?: unknown }).code === '28P01';
}
