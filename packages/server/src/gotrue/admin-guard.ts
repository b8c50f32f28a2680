/**
 * The admin routes' check, as GoTrue makes it: the bearer token must be a JWT signed with the
 * project's secret whose role claim is service_role (the service_role key, or a token minted
 * like it); anything else is 403 not_admin.
 */
import { jwtVerify, type JWTPayload } from 'jose';
import type { AuthContext } from './context.ts';
import { forbidden } from './errors.ts';
import { bearerToken } from './tokens.ts';

const CLOCK_SKEW_SECONDS = 30;

export async function requireAdmin(auth: AuthContext, headers: Headers): Promise<JWTPayload> {
  const token = bearerToken(headers);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, auth.secret, { algorithms: ['HS256'], clockTolerance: CLOCK_SKEW_SECONDS }));
  } catch {
    throw forbidden('User not allowed', 'not_admin');
  }
  if (payload.role !== 'service_role') throw forbidden('User not allowed', 'not_admin');
  return payload;
}
