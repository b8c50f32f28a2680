/**
 * Access tokens as Supabase Auth signs them: with the project's asymmetric signing key in use
 * (ES256 or RS256, its id as `kid`), or else HS256 with the project's JWT secret (the one its keys
 * are signed with, so a rotation ends every such token at once); their claims read by PostgREST
 * policies (`auth.uid()`, `auth.jwt()`), and the bearer check of the routes that need a signed-in
 * user. Refresh tokens are opaque random strings (sessions.ts).
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { AsymmetricKey, ProjectJwtKeys, SigningKey } from '../services/api/jwt-keys.ts';
import { madeOnce } from '../kernel/made-once.ts';
import { AuthApiError } from './errors.ts';
import { AUDIENCE, type UserRow } from './users.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims {
  sub: string;
  role: string;
  session_id: string;
  email?: string;
  is_anonymous?: boolean;
}

/** GoTrue's leeway for clocks that differ a little. */
const CLOCK_SKEW_MS = 30_000;

export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/**
 * fast-jwt's HS256 signers and verifiers by secret: node's own HMAC, synchronous, about ten times
 * cheaper than jose's Web Crypto calls on the refresh and GET /user paths (npm run bench).
 */
const bySecret = <T>(make: (key: Buffer) => T) => {
  const made = madeOnce(1000, (key: Buffer) => key.toString('latin1'), make);
  return (secret: Uint8Array): T => made(Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength));
};
const signerFor = bySecret((key) => createSigner({ key, algorithm: 'HS256' }));
const verifierFor = bySecret((key) => createVerifier({ key, algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_MS }));

/** The same for asymmetric keys, by kid: a key's material never changes under its id. */
const byKid = <K extends AsymmetricKey, T>(make: (key: K) => T) => madeOnce(1000, (key: K) => key.kid, make);
const pem = (key: KeyObject) => key.export({ format: 'pem', type: key.type === 'private' ? 'pkcs8' : 'spki' }).toString();
const keySignerFor = byKid((key: SigningKey) => createSigner({ key: pem(key.privateKey), algorithm: key.alg, kid: key.kid }));
const keyVerifierFor = byKid((key: AsymmetricKey) =>
  createVerifier({ key: pem(key.publicKey), algorithms: [key.alg], clockTolerance: CLOCK_SKEW_MS }),
);

/** The methods that prove a second factor: a session that used one is at aal2. */
const SECOND_FACTORS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/**
 * The claims of the user's access token for `sessionId`, valid `expirySeconds` from now. Its `amr`
 * lists the session's methods newest first, and its `aal` is aal2 once one of them was a second
 * factor, as GoTrue computes them.
 */
export function accessTokenClaims(issuer: string, user: UserRow, sessionId: string, amr: AmrEntry[], expirySeconds: number) {
  const issuedAt = Math.floor(Date.now() / 1000);
  return {
    aud: user.aud || AUDIENCE,
    exp: issuedAt + expirySeconds,
    iat: issuedAt,
    iss: issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || AUDIENCE,
    aal: amr.some((entry) => SECOND_FACTORS.has(entry.method)) ? 'aal2' : 'aal1',
    amr: amr.toSorted((a, b) => b.timestamp - a.timestamp),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
}

/** Signs claims (accessTokenClaims', or what the custom access token hook made of them) with the project's signing key. */
export function signClaims(keys: ProjectJwtKeys, claims: Record<string, unknown>): SignedAccessToken {
  const sign = keys.signing ? keySignerFor(keys.signing) : signerFor(keys.secret);
  return { token: sign(claims), expiresAt: Number(claims.exp) };
}

/** An opaque refresh token: 128 random bits, URL-safe. */
export const newRefreshToken = () => randomBytes(16).toString('base64url');

/** The bearer token of `Authorization`; GoTrue's 401 without one. */
export function bearerToken(headers: Headers): string {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization')?.trim() ?? '');
  if (!match) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1]!;
}

const badJwt = (detail: string) => new AuthApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);

/**
 * The verifier of a token: the shared secret's for HS256, else the asymmetric key its kid names.
 * A project without asymmetric keys has only the first, which refuses any other token itself.
 */
function verifierOf(keys: ProjectJwtKeys, token: string) {
  if (keys.verifying.size === 0) return verifierFor(keys.secret);
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString());
  } catch {
    throw badJwt('token is malformed');
  }
  const { alg, kid } = ((typeof header === 'object' && header) || {}) as { alg?: unknown; kid?: unknown };
  if (alg === 'HS256') return verifierFor(keys.secret);
  const key = typeof kid === 'string' ? keys.verifying.get(kid) : undefined;
  if (!key || key.alg !== alg) throw badJwt('signing key not found');
  return keyVerifierFor(key);
}

/** The claims of any token the project signed (a key, an access token); GoTrue's 403 bad_jwt otherwise. */
export function verifyJwt(keys: ProjectJwtKeys, token: string): Record<string, unknown> {
  const verify = verifierOf(keys, token);
  try {
    return verify(token) as Record<string, unknown>;
  } catch (error) {
    const code = error instanceof TokenError ? error.code : undefined;
    if (code === TokenError.codes.expired) throw badJwt('token has invalid claims: token is expired');
    if (code === TokenError.codes.invalidSignature) throw badJwt('signature is invalid');
    if (code === TokenError.codes.inactive) throw badJwt('token has invalid claims: token is not valid yet');
    throw badJwt('token is malformed');
  }
}

/** The claims of a user's access token. */
export function verifyAccessToken(keys: ProjectJwtKeys, token: string): AccessTokenClaims {
  const claims = verifyJwt(keys, token);
  if (typeof claims.sub !== 'string' || !claims.sub) throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  return claims as unknown as AccessTokenClaims;
}
