/**
 * Who a request to the project's API is, as PostgREST behind Supabase's gateway decides it. The
 * `apikey` header is one of the project's keys (the gateway verified it). The bearer token, when
 * it is not that same key, is a user's access token: a JWT signed with the project's current
 * secret (HS256) or one of its asymmetric signing keys (ES256, RS256; jwt-keys.ts), any issuer,
 * whose `role` claim becomes the request's role and whose claims become `request.jwt.claims`. Refusals carry PostgREST's JWT codes: PGRST301 for a token that
 * cannot be decoded or verified, PGRST303 for claims that do not pass.
 */
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { API_ROLES, type ApiRole } from '../instances/api-roles.ts';
import type { HeaderReader } from '../kernel/headers.ts';
import { JWT_ALGORITHMS, projectJwtKeys, type ProjectJwtKeys, verificationKey } from '../services/api/jwt-keys.ts';
import type { PlatformContext } from '../kernel/context.ts';
import type { MemberDatabaseRole } from '../services/projects/project-instance.ts';
import type { ProjectKeyClaims } from '../services/projects/project-keys.ts';
import type { ProjectRow } from '../store/projects.ts';
import { RestError } from './errors.ts';

/**
 * Who a request runs as, with the claims it carries: an API role for the gateway's requests
 * (ApiRequestAuth), or a member's own database role for the dashboard's table editor, whose
 * sessions log in as that role (pool.ts).
 */
export interface RequestAuth {
  role: ApiRole | MemberDatabaseRole;
  claims: Record<string, unknown>;
}

export interface ApiRequestAuth extends RequestAuth {
  role: ApiRole;
}

/** The request's `apikey` as the gateway accepted it: the key and its verified claims. */
export interface AcceptedKey {
  key: string;
  claims: ProjectKeyClaims;
}

/** PostgREST's leeway on exp, nbf and iat, for clocks that differ a little. */
const CLOCK_SKEW_SECONDS = 30;

const decodeError = (message: string) => new RestError(401, 'PGRST301', message);
const claimsError = (message: string) => new RestError(401, 'PGRST303', message);

/** The request's role and claims; throws a 401 RestError for a bearer token that does not verify. */
export async function resolveRequestRole(
  ctx: PlatformContext,
  project: ProjectRow,
  headers: HeaderReader,
  apikey: AcceptedKey,
): Promise<ApiRequestAuth> {
  const token = bearerToken(headers);
  if (token === undefined || token === apikey.key) return { role: apikey.claims.role, claims: apikey.claims };
  return verifyAccessToken(await projectJwtKeys(ctx, project.ref), token);
}

/** The token of `Authorization: Bearer <token>`; undefined without one. */
function bearerToken(headers: HeaderReader): string | undefined {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(headers.get('authorization')?.trim() ?? '');
  if (!match) return undefined;
  if (!match[1]) throw decodeError('Empty JWT is sent in Authorization header');
  return match[1];
}

async function verifyAccessToken(keys: ProjectJwtKeys, token: string): Promise<ApiRequestAuth> {
  const parts = token.split('.').length;
  if (parts !== 3) throw decodeError(`Expected 3 parts in JWT; got ${parts}`);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, (header) => verificationKey(keys, header), {
      algorithms: JWT_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw claimsError('JWT issued at future');
  // Without a role claim PostgREST runs the request as its anonymous role.
  const role = payload.role ?? 'anon';
  if (!API_ROLES.includes(role as ApiRole)) throw claimsError(`The JWT 'role' claim must be one of ${API_ROLES.join(', ')}`);
  return { role: role as ApiRole, claims: payload };
}

/** PostgREST's words for what jose found wrong. */
function refusalOf(error: unknown): RestError {
  if (error instanceof errors.JWTExpired) return claimsError('JWT expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'invalid') return claimsError(`The JWT '${error.claim}' claim must be a number`);
    return claimsError(error.claim === 'nbf' ? 'JWT not yet valid' : 'Parsing claims failed');
  }
  if (error instanceof errors.JWTInvalid) return claimsError('Parsing claims failed');
  if (error instanceof errors.JOSEAlgNotAllowed) return decodeError('Wrong or unsupported encoding algorithm');
  if (error instanceof errors.JWSSignatureVerificationFailed) return decodeError('JWT cryptographic operation failed');
  if (error instanceof errors.JWKSNoMatchingKey) return decodeError('No suitable key or wrong key type');
  return decodeError("JWT couldn't be decoded");
}
