/**
 * Access tokens as Supabase Auth signs them: HS256 with the project's JWT secret (the one its
 * keys are signed with, so a rotation ends every access token at once), its claims read by
 * PostgREST policies (`auth.uid()`, `auth.jwt()`), and the bearer check of the routes that need a
 * signed-in user. Refresh tokens are opaque random strings (sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AuthApiError } from './errors.ts';
import { AUDIENCE, type UserRow } from './users.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  role: string;
  session_id: string;
  email?: string;
  is_anonymous?: boolean;
}

/** GoTrue's leeway for clocks that differ a little. */
const CLOCK_SKEW_SECONDS = 30;

export interface SignedAccessToken {
  token: string;
  expiresAt: number;
}

/** The user's access token for `sessionId`, valid `expirySeconds` from now. */
export async function signAccessToken(
  secret: Uint8Array,
  issuer: string,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  expirySeconds: number,
): Promise<SignedAccessToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + expirySeconds;
  const token = await new SignJWT({
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || AUDIENCE,
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.id)
    .setAudience(user.aud || AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
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

/** The claims of a user's access token signed with `secret`; GoTrue's 403 bad_jwt otherwise. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessTokenClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_SECONDS }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw badJwt('token has invalid claims: token is expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) throw badJwt('signature is invalid');
    throw badJwt('token is malformed');
  }
  if (typeof payload.sub !== 'string' || !payload.sub) throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  return payload as AccessTokenClaims;
}
