/**
 * The keys a project's tokens are signed and verified with, as every service that reads a bearer
 * token needs them (REST, storage, functions, realtime, auth): the shared secret (HS256, which
 * signs the API keys and always verifies), the asymmetric key in use if there is one (it signs new
 * access tokens), and the asymmetric keys that still verify, by kid. Built from the project's
 * snapshot, so a rotation or a revocation shows within the snapshot's second.
 */
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { errors, type JWTHeaderParameters } from 'jose';
import type { PlatformContext } from '../../kernel/context.ts';
import { findSnapshot, type SnapshotSigningKey } from '../../store/projects.ts';
import { projectJwtSecret } from './api-keys.ts';

export interface AsymmetricKey {
  kid: string;
  alg: SnapshotSigningKey['algorithm'];
  publicKey: KeyObject;
}

export interface SigningKey extends AsymmetricKey {
  privateKey: KeyObject;
}

export interface ProjectJwtKeys {
  /** The shared secret, as jose and fast-jwt take it. */
  secret: Uint8Array;
  /** The key new access tokens are signed with; undefined while the shared secret signs them. */
  signing: SigningKey | undefined;
  /** The asymmetric keys that verify (in use, standby, previously used), by kid. */
  verifying: ReadonlyMap<string, AsymmetricKey>;
  /** Their public halves, as `/auth/v1/.well-known/jwks.json` publishes them. */
  jwks: Record<string, unknown>[];
}

/** The algorithms a project token may carry: the shared secret's and the asymmetric keys'. */
export const JWT_ALGORITHMS = ['HS256', 'ES256', 'RS256'];

type Asymmetric = Omit<ProjectJwtKeys, 'secret'>;

/** Built once per snapshot: the snapshot is renewed every second, its keys far more rarely. */
const built = new WeakMap<SnapshotSigningKey[], Asymmetric>();
const encoder = new TextEncoder();

function buildAsymmetric(ctx: PlatformContext, rows: SnapshotSigningKey[]): Asymmetric {
  let signing: SigningKey | undefined;
  const verifying = new Map<string, AsymmetricKey>();
  for (const row of rows) {
    const key = { kid: row.id, alg: row.algorithm, publicKey: createPublicKey({ key: row.public_jwk as JsonWebKey, format: 'jwk' }) };
    verifying.set(row.id, key);
    if (row.status === 'in_use' && row.private_jwk) {
      const privateJwk = JSON.parse(ctx.box.open(row.private_jwk)) as JsonWebKey;
      signing = { ...key, privateKey: createPrivateKey({ key: privateJwk, format: 'jwk' }) };
    }
  }
  return { signing, verifying, jwks: rows.map((row) => row.public_jwk) };
}

export async function projectJwtKeys(ctx: PlatformContext, ref: string): Promise<ProjectJwtKeys> {
  const [snapshot, secret] = await Promise.all([findSnapshot(ctx.db, ref), projectJwtSecret(ctx, ref)]);
  const rows = snapshot?.signing_keys ?? [];
  let asymmetric = built.get(rows);
  if (!asymmetric) built.set(rows, (asymmetric = buildAsymmetric(ctx, rows)));
  return { secret: encoder.encode(secret), ...asymmetric };
}

/**
 * The key that verifies a token with this header, for jose's jwtVerify: the shared secret for an
 * HMAC token, else the asymmetric key its kid names, of the same algorithm (never a public key
 * taken as an HMAC secret). An unknown or revoked kid matches nothing.
 */
export function verificationKey(keys: ProjectJwtKeys, header: JWTHeaderParameters): Uint8Array | KeyObject {
  if (header.alg.startsWith('HS')) return keys.secret;
  const key = header.kid === undefined ? undefined : keys.verifying.get(header.kid);
  if (!key || key.alg !== header.alg) throw new errors.JWKSNoMatchingKey();
  return key.publicKey;
}
