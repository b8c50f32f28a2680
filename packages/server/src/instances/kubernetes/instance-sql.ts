/**
 * What the Kubernetes driver does inside an instance, over SQL through its relay: the roles and
 * schemas (with the embedded driver's functions, plus the members' role of member-role.ts), the
 * settings the server runs with, ANALYZE after an upgrade.
 */
import type pg from 'pg';
import { withAdmin, withLogin } from '../admin-session.ts';
import { ensureApiRoles } from '../api-roles.ts';
import { ensureAuthSchema } from '../auth-schema.ts';
import { ensureAuthenticatorRole } from '../authenticator-role.ts';
import { listDatabases } from '../logical-copy.ts';
import { ensureReadonlyRole, limitReadonlyRole } from '../readonly-role.ts';
import { ensureRealtimeSchema } from '../realtime-schema.ts';
import { ensureStorageSchema } from '../storage-schema.ts';
import type { InstanceSettings, InstanceSpec } from '../types.ts';
import { ensureVaultSchema } from '../vault-schema.ts';
import { VAULT_KEY_FILE } from './manifests.ts';
import { applyMemberRole, ensureMemberRole, grantMemberAccess } from './member-role.ts';
import { mebibytes } from './sizing.ts';

/** A login that fails while the operator finishes `basin_admin`, or while the pod (re)starts. */
const RETRYABLE = new Set(['28P01', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Superuser work in a writable session (even in read-only mode), retried for `retryMs` while the login cannot succeed yet. */
export async function asAdmin<T>(spec: InstanceSpec, retryMs: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const deadline = Date.now() + retryMs;
  for (;;) {
    try {
      return await withAdmin(spec, 30_000, async (client) => {
        await client.query('set default_transaction_read_only = off');
        return work(client);
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Every role and schema of a new instance (or of one made from another's data: the passwords become the spec's). */
export async function makeRoles(client: pg.Client, spec: InstanceSpec, memberRole: string): Promise<void> {
  await ensureMemberRole(client, memberRole, spec.postgresPassword);
  await ensureReadonlyRole(client, spec.readonlyPassword);
  await ensureApiRoles(client);
  await ensureAuthenticatorRole(client, spec.authenticatorPassword);
  await ensureAuthSchema(client, spec.authPassword);
  await ensureStorageSchema(client);
  if (spec.vaultKey) await ensureVaultSchema(client, VAULT_KEY_FILE, memberRole);
  await ensureRealtimeSchema(client, memberRole);
  await grantMemberAccess(client, memberRole);
}

/** What every start applies: the platform's decisions about its roles, never members' grants. */
export async function applyRoleSettings(client: pg.Client, spec: InstanceSpec, memberRole: string): Promise<void> {
  await applyMemberRole(client, memberRole);
  await limitReadonlyRole(client);
  await ensureAuthenticatorRole(client, spec.authenticatorPassword);
  await ensureAuthSchema(client, spec.authPassword);
  await ensureStorageSchema(client);
  if (spec.vaultKey) await ensureVaultSchema(client, VAULT_KEY_FILE, memberRole);
  await ensureRealtimeSchema(client, memberRole);
  await grantMemberAccess(client, memberRole);
}

/** Whether the server runs with `wanted` (shared_buffers needs the restart the operator makes). */
export async function runsWith(client: pg.Client, wanted: InstanceSettings): Promise<boolean> {
  const { rows } = await client.query<{ shared_buffers: string; max_connections: string; work_mem: string }>(
    `select current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections,
            current_setting('work_mem') as work_mem`,
  );
  const now = rows[0]!;
  return (
    mebibytes(now.shared_buffers) === mebibytes(wanted.shared_buffers) &&
    Number(now.max_connections) === wanted.max_connections &&
    mebibytes(now.work_mem) === mebibytes(wanted.work_mem)
  );
}

export async function postmasterStart(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ started: string }>(`select pg_postmaster_start_time()::text as started`);
  return rows[0]!.started;
}

/**
 * ANALYZE of every database as the members' role (owner of database postgres), never the
 * superuser: it evaluates members' index expressions.
 */
export async function analyzeAsMembers(spec: InstanceSpec, memberRole: string): Promise<void> {
  const login = { user: memberRole, password: spec.postgresPassword };
  for (const database of await listDatabases(spec)) {
    await withLogin(spec.port, login, 60 * 60_000, (client) => client.query('analyze'), database);
  }
}
