import { randomUUID } from 'node:crypto';
import { API_KEYS_MESSAGES, can } from '@basin/core';
import { API_KEY_ROLES, type ApiKeyItem, type ApiKeyRole, type JwtSecretUpdateStatus, type ProjectSettings } from '@basin/core/schemas';
import { conflict } from '../../kernel/errors.ts';
import * as store from '../../store/api-keys.ts';
import { findSnapshot } from '../../store/projects.ts';
import { exposedSchemas } from '../../store/project-api-settings.ts';
import type { Queryable } from '../../store/db.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { injectFault } from '../../kernel/faults.ts';
import { madeOnce } from '../../kernel/made-once.ts';
import { projectApiUrl } from './gateway.ts';
import { newJwtSecret, type ProjectKeyClaims, signProjectKey, verifyProjectKey } from '../projects/project-keys.ts';
import type { SecretBox } from '../../kernel/secrets.ts';

/** Gives a new project its JWT secret (and its keys their issue time). */
export async function initProjectJwtSecret(db: Queryable, box: SecretBox, ref: string): Promise<void> {
  await store.initJwtSecret(db, ref, box.seal(newJwtSecret()));
}

/** The project's secret and key issue time, made on first use for projects older than API keys. */
async function currentSecret(ctx: PlatformContext, ref: string): Promise<{ secret: string; issuedAt: Date; row: store.JwtSecretRow }> {
  let row = await store.findJwtSecret(ctx.db, ref);
  if (row && (!row.jwt_secret || !row.jwt_issued_at)) {
    await initProjectJwtSecret(ctx.db, ctx.box, ref);
    row = await store.findJwtSecret(ctx.db, ref);
  }
  if (!row?.jwt_secret || !row.jwt_issued_at) throw new Error(`Project ${ref} has no JWT secret`);
  return { secret: ctx.box.open(row.jwt_secret), issuedAt: row.jwt_issued_at, row };
}

const updateStatusOf = (row: store.JwtSecretRow): JwtSecretUpdateStatus => ({
  changeTrackingId: row.jwt_change_id,
  error: row.jwt_error,
  progress: null,
  status: row.jwt_status,
});

async function signKeys(secret: string, ref: string, issuedAt: Date): Promise<ApiKeyItem[]> {
  return Promise.all(
    API_KEY_ROLES.map(async (role) => ({ api_key: await signProjectKey(secret, ref, role, issuedAt), tags: role, name: role })),
  );
}

/** The recommended API URL split as the settings entity carries it: `protocol://endpoint`. */
function appConfig(url: string): ProjectSettings['app_config'] {
  const [protocol, endpoint] = url.split('://') as [string, string];
  return { protocol, endpoint };
}

/** The project settings entity; the secret and keys only for members who may read them. */
export async function projectSettings(ctx: PlatformContext, ref: string, userId: string): Promise<ProjectSettings> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  const { secret, issuedAt, row } = await currentSecret(ctx, ref);
  const mayRead = can(project.role, 'service_api_keys:read');
  return {
    ref,
    service_api_keys: mayRead ? await signKeys(secret, ref, issuedAt) : [],
    app_config: appConfig(projectApiUrl(ctx, ref)),
    jwt_secret: mayRead ? secret : null,
    db_schema: (await exposedSchemas(ctx.db, ref)).join(','),
    jwtSecretUpdateStatus: updateStatusOf(row),
  };
}

export async function jwtSecretUpdateStatus(ctx: PlatformContext, ref: string, userId: string): Promise<JwtSecretUpdateStatus> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  return updateStatusOf((await currentSecret(ctx, ref)).row);
}

/**
 * Replaces the secret: Updating while the new keys are signed, then Updated (the old keys stop
 * verifying) or Failed with the old secret kept. Signing takes milliseconds, so it runs in the
 * request; the status still goes through Updating for the dashboard's poll.
 */
export async function rotateJwtSecret(ctx: PlatformContext, ref: string, userId: string): Promise<JwtSecretUpdateStatus> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', API_KEYS_MESSAGES.rotateForbidden);
  await currentSecret(ctx, ref);
  const changeId = randomUUID();
  if (!(await store.claimRotation(ctx.db, ref, changeId))) throw conflict(API_KEYS_MESSAGES.rotateInProgress);
  try {
    const secret = newJwtSecret();
    const issuedAt = new Date();
    injectFault(ctx, 'jwt-secret', 'sign');
    await signKeys(secret, ref, issuedAt);
    await store.finishRotation(ctx.db, ref, changeId, ctx.box.seal(secret), issuedAt);
  } catch (error) {
    ctx.logger.error({ err: error, ref }, 'JWT secret rotation failed');
    await store.failRotation(ctx.db, ref, changeId, error instanceof Error ? error.message : String(error));
  }
  return updateStatusOf((await currentSecret(ctx, ref)).row);
}

/**
 * Secrets already unsealed, by their sealed form: every request of the project's API needs the
 * secret, and a rotation changes the sealed form, so an entry can only be current or unused.
 */
const unsealed = madeOnce(
  1000,
  ({ sealed }: { sealed: string; box: SecretBox }) => sealed,
  ({ sealed, box }) => box.open(sealed),
);

/** The secret the project's keys and its users' access tokens are signed with now, as the gateway reads it (findSnapshot). */
export async function projectJwtSecret(ctx: PlatformContext, ref: string): Promise<string> {
  const sealed = (await findSnapshot(ctx.db, ref))?.jwt_secret;
  if (!sealed) return (await currentSecret(ctx, ref)).secret;
  return unsealed({ sealed, box: ctx.box });
}

/** What a presented key is: one of the project's current keys, a key of a replaced secret, or neither. */
export type KeyCheck = { role: ApiKeyRole; rotatedOut: boolean; claims: ProjectKeyClaims } | { role: null; rotatedOut: false };

/**
 * Keys that verified, with the (sealed) secret they verified with: the same key under the same
 * secret needs no HMAC again until it expires. A rotation changes the secret, so its old keys miss
 * at once. Bounded; the oldest entry goes first.
 */
const verifiedKeys = new Map<string, { sealedSecret: string; claims: ProjectKeyClaims & { exp: number } }>();
const VERIFIED_KEYS_KEPT = 1000;

function rememberKey(key: string, sealedSecret: string, claims: ProjectKeyClaims): void {
  if (typeof claims.exp !== 'number') return;
  verifiedKeys.delete(key);
  if (verifiedKeys.size >= VERIFIED_KEYS_KEPT) verifiedKeys.delete(verifiedKeys.keys().next().value!);
  verifiedKeys.set(key, { sealedSecret, claims: Object.freeze({ ...claims, exp: claims.exp }) });
}

/**
 * Verifies a key presented to the project's API with the project's current secret. Only a key
 * that fails is tried against the retired secrets, to tell a rotated-out key (still refused)
 * from a wrong one.
 */
export async function checkProjectKey(ctx: PlatformContext, ref: string, key: string): Promise<KeyCheck> {
  const sealed = (await findSnapshot(ctx.db, ref))?.jwt_secret;
  const known = sealed ? verifiedKeys.get(key) : undefined;
  if (known && known.sealedSecret === sealed && known.claims.exp * 1000 > Date.now())
    return { role: known.claims.role, rotatedOut: false, claims: known.claims };
  const claims = await verifyProjectKey(await projectJwtSecret(ctx, ref), ref, key);
  if (claims) {
    if (sealed) rememberKey(key, sealed, claims);
    return { role: claims.role, rotatedOut: false, claims };
  }
  for (const retired of await store.findRetiredSecrets(ctx.db, ref)) {
    const old = await verifyProjectKey(ctx.box.open(retired), ref, key);
    if (old) return { role: old.role, rotatedOut: true, claims: old };
  }
  return { role: null, rotatedOut: false };
}
