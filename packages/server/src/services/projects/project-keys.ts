import { randomBytes } from 'node:crypto';
import type { ApiKeyRole } from '@basin/core/schemas';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const KEY_ISSUER = 'basin';
/** Project keys are long-lived: ten years, as on the hosted platform. */
const KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

/** 64 URL-safe characters (48 random bytes). */
export const newJwtSecret = () => randomBytes(48).toString('base64url');

const encode = (secret: string) => new TextEncoder().encode(secret);

/** HS256 JWT for the role; the same secret and issue time always give the same key. */
export async function signProjectKey(secret: string, ref: string, role: ApiKeyRole, issuedAt: Date): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ role, ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(KEY_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + KEY_LIFETIME_SECONDS)
    .sign(encode(secret));
}

export interface ProjectKeyClaims extends JWTPayload {
  role: ApiKeyRole;
  ref: string;
}

/**
 * The claims of a key that this project's secret signed and that has not expired; null for
 * anything else (another project's key, an old secret's key, a tampered or expired one).
 */
export async function verifyProjectKey(secret: string, ref: string, key: string): Promise<ProjectKeyClaims | null> {
  try {
    const { payload } = await jwtVerify(key, encode(secret), { issuer: KEY_ISSUER, algorithms: ['HS256'] });
    const role = payload.role;
    if (payload.ref !== ref || (role !== 'anon' && role !== 'service_role')) return null;
    return { ...payload, role, ref };
  } catch {
    return null;
  }
}
