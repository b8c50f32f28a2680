/**
 * A project's JWT signing keys (Project Settings → JWT Keys, and the management API's
 * `/v1/projects/{ref}/config/auth/signing-keys`): make a standby key, rotate to it, move keys back
 * and revoke them. The shared secret is listed as the legacy HS256 key: in use until an asymmetric
 * key takes over, and never revoked, since the project's API keys are signed with it. The keys
 * requests verify with are in jwt-keys.ts.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  type CreateSigningKeyBody,
  LEGACY_SIGNING_KEY_ID,
  SIGNING_KEYS_MESSAGES,
  type SigningKey,
  type SigningKeyAlgorithm,
  type SigningKeyList,
  type UpdateSigningKeyBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../../kernel/context.ts';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import { isUuid } from '../../kernel/uuid.ts';
import { findJwtSecret } from '../../store/api-keys.ts';
import { transaction } from '../../store/db.ts';
import * as store from '../../store/signing-keys.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';

const notFoundKey = () => notFound('Signing key');

/** A new key pair: its private half as a JWK, its public half as JWKS entries carry it (kid = id). */
function newKeyPair(id: string, algorithm: SigningKeyAlgorithm) {
  const { privateKey, publicKey } =
    algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateJwk: privateKey.export({ format: 'jwk' }),
    // ext and key_ops as Web Crypto wants them: auth-js's getClaims imports this JWK to verify.
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid: id, alg: algorithm, use: 'sig', key_ops: ['verify'], ext: true },
  };
}

const asEntity = (row: store.SigningKeyRow): SigningKey => ({
  id: row.id,
  algorithm: row.algorithm,
  status: row.status,
  public_jwk: row.public_jwk,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function legacyKey(ctx: PlatformContext, ref: string, rows: store.SigningKeyRow[]): Promise<SigningKey> {
  const issuedAt = ((await findJwtSecret(ctx.db, ref))?.jwt_issued_at ?? new Date()).toISOString();
  const inUse = !rows.some((row) => row.status === 'in_use');
  return {
    id: LEGACY_SIGNING_KEY_ID,
    algorithm: 'HS256',
    status: inUse ? 'in_use' : 'previously_used',
    public_jwk: null,
    created_at: issuedAt,
    updated_at: issuedAt,
  };
}

export async function listSigningKeys(ctx: PlatformContext, ref: string, userId: string): Promise<SigningKeyList> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  const rows = await store.list(ctx.db, ref);
  return { keys: [await legacyKey(ctx, ref, rows), ...rows.map(asEntity)] };
}

async function requireWriter(ctx: PlatformContext, ref: string, userId: string): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', SIGNING_KEYS_MESSAGES.forbidden);
}

/** One key waits in standby at a time (the unique index holds it too; this says so in words). */
async function requireNoStandby(ctx: PlatformContext, ref: string): Promise<void> {
  if ((await store.list(ctx.db, ref)).some((row) => row.status === 'standby')) throw conflict(SIGNING_KEYS_MESSAGES.oneStandby);
}

async function findKey(ctx: PlatformContext, ref: string, id: string): Promise<store.SigningKeyRow> {
  const row = isUuid(id) ? await store.find(ctx.db, ref, id) : undefined;
  if (!row) throw notFoundKey();
  return row;
}

export async function createSigningKey(ctx: PlatformContext, ref: string, userId: string, body: CreateSigningKeyBody): Promise<SigningKey> {
  await requireWriter(ctx, ref, userId);
  const status = body.status ?? 'standby';
  if (status === 'standby') await requireNoStandby(ctx, ref);
  const id = randomUUID();
  const { privateJwk, publicJwk } = newKeyPair(id, body.algorithm);
  const key = { id, ref, algorithm: body.algorithm, sealedPrivateJwk: ctx.box.seal(JSON.stringify(privateJwk)), publicJwk };
  if (status === 'standby') return asEntity(await store.insert(ctx.db, { ...key, status }));
  await transaction(ctx.db, async (client) => {
    await store.insert(client, { ...key, status: 'previously_used' });
    await store.putInUse(client, ref, id);
  });
  return asEntity((await store.find(ctx.db, ref, id))!);
}

/** The moves a key may make; putting a key in use retires the one in use before (rotation). */
function refusalOf(from: SigningKey['status'], to: SigningKey['status']): string | undefined {
  if (from === 'revoked') return SIGNING_KEYS_MESSAGES.revokedIsFinal;
  if (to === 'revoked' && from === 'in_use') return SIGNING_KEYS_MESSAGES.revokeInUse;
  return undefined;
}

export async function updateSigningKey(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  id: string,
  body: UpdateSigningKeyBody,
): Promise<SigningKey> {
  await requireWriter(ctx, ref, userId);
  if (id === LEGACY_SIGNING_KEY_ID) {
    if (body.status === 'revoked') throw badRequest(SIGNING_KEYS_MESSAGES.legacyRevoke);
    if (body.status !== 'in_use') throw badRequest(SIGNING_KEYS_MESSAGES.legacyOnlyInUse);
    await store.putInUse(ctx.db, ref, null);
    return legacyKey(ctx, ref, await store.list(ctx.db, ref));
  }
  const row = await findKey(ctx, ref, id);
  if (row.status === body.status) return asEntity(row);
  const refusal = refusalOf(row.status, body.status);
  if (refusal) throw badRequest(refusal);
  if (body.status === 'standby') await requireNoStandby(ctx, ref);
  if (body.status === 'in_use') await transaction(ctx.db, (client) => store.putInUse(client, ref, id));
  else await store.setStatus(ctx.db, ref, id, body.status);
  return asEntity((await store.find(ctx.db, ref, id))!);
}

export async function deleteSigningKey(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<SigningKey> {
  await requireWriter(ctx, ref, userId);
  if (id === LEGACY_SIGNING_KEY_ID) throw badRequest(SIGNING_KEYS_MESSAGES.legacyRevoke);
  const row = await findKey(ctx, ref, id);
  if (row.status !== 'revoked') throw badRequest(SIGNING_KEYS_MESSAGES.deleteNotRevoked);
  await store.remove(ctx.db, ref, id);
  return asEntity(row);
}
