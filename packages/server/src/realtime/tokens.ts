/**
 * A channel's access token, checked as Supabase Realtime checks it: a JWT the project's secret
 * or one of its signing keys signed (jwt-keys.ts), with `role` and `exp`, not expired. Refusals carry Realtime's codes and words
 * (`InvalidJWTToken: Token has expired 3 seconds ago`), which realtime-js shows as the error.
 */
import { decodeJwt, errors, jwtVerify } from 'jose';
import { API_ROLES, type ApiRole } from '../instances/api-roles.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import { JWT_ALGORITHMS, type ProjectJwtKeys, verificationKey } from '../services/api/jwt-keys.ts';

export class TokenRefusal extends Error {}

const refusal = (code: string, message: string) => new TokenRefusal(`${code}: ${message}`);

const secondsAgo = (exp: number) => Math.max(0, Math.floor(Date.now() / 1000) - exp);

export const expiredMessage = (exp: number) => `Token has expired ${secondsAgo(exp)} seconds ago`;

export async function verifyChannelToken(keys: ProjectJwtKeys, token: string): Promise<ApiRequestAuth & { exp: number }> {
  let claims: Record<string, unknown>;
  try {
    // Realtime also takes the longer HMACs of the shared secret.
    const algorithms = [...JWT_ALGORITHMS, 'HS384', 'HS512'];
    claims = (await jwtVerify(token, (header) => verificationKey(keys, header), { algorithms })).payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = Number(decodeJwt(token).exp);
      throw refusal('InvalidJWTToken', expiredMessage(exp));
    }
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
      throw refusal('JwtSignatureError', 'Failed to validate JWT signature');
    throw refusal('MalformedJWT', 'The token provided is not a valid JWT');
  }
  const { role, exp } = claims;
  if (typeof role !== 'string' || typeof exp !== 'number') throw refusal('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  if (!API_ROLES.includes(role as ApiRole))
    throw refusal('Unauthorized', `The role ${JSON.stringify(role)} is not one of the project's API roles`);
  return { role: role as ApiRole, claims, exp };
}
