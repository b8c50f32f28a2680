/**
 * The admin routes' check, as GoTrue makes it: the bearer token must be a JWT signed with the
 * project's secret whose role claim is service_role (the service_role key, or a token minted
 * like it); anything else is 403 not_admin.
 */
import type { AuthContext } from './context.ts';
import { AuthApiError, forbidden } from './errors.ts';
import { bearerToken, verifyJwt } from './tokens.ts';

export function requireAdmin(auth: AuthContext, headers: Headers): Record<string, unknown> {
  const token = bearerToken(headers);
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(auth.keys, token);
  } catch (error) {
    if (error instanceof AuthApiError) throw forbidden('User not allowed', 'not_admin');
    throw error;
  }
  if (claims.role !== 'service_role') throw forbidden('User not allowed', 'not_admin');
  return claims;
}
