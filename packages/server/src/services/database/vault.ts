/**
 * Settings → Vault: the project's `vault.secrets` through the members' own database role. Every
 * statement runs as `postgres` (what a member with the connection string works as, and what the
 * vault grants to) in a session the instance driver opens, with the values as parameters, so the
 * page can do nothing SQL could not.
 * Members without database.credentials:read (Read-only) work as the read-only role, which reaches
 * no vault: they are refused here with a 403 before any session opens.
 */
import { VAULT_MESSAGES } from '@basin/core';
import type { CreateVaultSecretBody, DecryptedVaultSecret, UpdateVaultSecretBody, VaultSecret } from '@basin/core/schemas';
import type pg from 'pg';
import { POSTGRES_ROLE } from '../../instances/postgres-role.ts';
import { conflict, HttpError } from '../../kernel/errors.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { memberDatabaseLogin } from '../projects/project-instance.ts';

const TIMEOUT_MS = 10_000;

interface SecretRow {
  id: string;
  name: string | null;
  description: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, description, created_at, updated_at';

const asSecret = (row: SecretRow): VaultSecret => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Postgres's refusals that a member can act on, as the platform's answers. */
function translated(error: unknown, name?: string): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') throw conflict(VAULT_MESSAGES.nameTaken(name ?? ''));
  if (code === '58P01') throw new HttpError(503, VAULT_MESSAGES.keyUnavailable);
  throw error;
}

/** Runs `work` as the project's postgres role once the member may use the vault and the database runs. */
async function asMember<T>(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  work: (client: pg.Client) => Promise<T>,
  name?: string,
): Promise<T> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'database.credentials:read', VAULT_MESSAGES.noPermission);
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw conflict(VAULT_MESSAGES.notRunning(project.status));
  const { user, password } = memberDatabaseLogin(ctx, project, POSTGRES_ROLE);
  try {
    return await ctx.driver.session({ ref: project.ref, port: project.port }, { user, password }, TIMEOUT_MS, work);
  } catch (error) {
    return translated(error, name);
  }
}

async function findSecret(client: pg.Client, id: string): Promise<VaultSecret> {
  const { rows } = await client.query<SecretRow>(`select ${COLUMNS} from vault.secrets where id = $1`, [id]);
  if (!rows[0]) throw new HttpError(404, VAULT_MESSAGES.notFound);
  return asSecret(rows[0]);
}

/** Every secret without its value, newest first. */
export function listSecrets(ctx: PlatformContext, ref: string, userId: string): Promise<VaultSecret[]> {
  return asMember(ctx, ref, userId, async (client) => {
    const { rows } = await client.query<SecretRow>(`select ${COLUMNS} from vault.secrets order by created_at desc, name`);
    return rows.map(asSecret);
  });
}

export function createSecret(ctx: PlatformContext, ref: string, userId: string, body: CreateVaultSecretBody): Promise<VaultSecret> {
  return asMember(
    ctx,
    ref,
    userId,
    async (client) => {
      const { rows } = await client.query<{ id: string }>('select vault.create_secret($1, $2, $3) as id', [
        body.secret,
        body.name,
        body.description ?? '',
      ]);
      return findSecret(client, rows[0]!.id);
    },
    body.name,
  );
}

/** Changes what the body names; the value is encrypted again (with a new nonce) only when it is given. */
export function updateSecret(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  id: string,
  body: UpdateVaultSecretBody,
): Promise<VaultSecret> {
  return asMember(
    ctx,
    ref,
    userId,
    async (client) => {
      await findSecret(client, id);
      await client.query('select vault.update_secret($1, $2, $3, $4)', [
        id,
        body.secret ?? null,
        body.name ?? null,
        body.description ?? null,
      ]);
      return findSecret(client, id);
    },
    body.name,
  );
}

/** Deletes the secret; answers it as it was. */
export function deleteSecret(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<VaultSecret> {
  return asMember(ctx, ref, userId, async (client) => {
    const { rows } = await client.query<SecretRow>(`delete from vault.secrets where id = $1 returning ${COLUMNS}`, [id]);
    if (!rows[0]) throw new HttpError(404, VAULT_MESSAGES.notFound);
    return asSecret(rows[0]);
  });
}

/** One secret's value, read from vault.decrypted_secrets as the member's role would. */
export function revealSecret(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<DecryptedVaultSecret> {
  return asMember(ctx, ref, userId, async (client) => {
    const { rows } = await client.query<{ decrypted_secret: string | null }>(
      'select decrypted_secret from vault.decrypted_secrets where id = $1',
      [id],
    );
    if (!rows[0]) throw new HttpError(404, VAULT_MESSAGES.notFound);
    return { id, decrypted_secret: rows[0].decrypted_secret };
  });
}
