/**
 * What Supabase's functions relay checks before a function deployed with verify_jwt: a bearer JWT
 * signed with the project's JWT secret or one of its signing keys (jwt-keys.ts) and not expired, whatever its claims (a user's token, a
 * project key, or any token the member signed themselves). A refusal carries `x-relay-error`, by
 * which functions-js raises FunctionsRelayError rather than blaming the function.
 */
import { jwtVerify } from 'jose';
import type { PlatformContext } from '../kernel/context.ts';
import { JWT_ALGORITHMS, projectJwtKeys, verificationKey } from '../services/api/jwt-keys.ts';

const refusal = (msg: string) => Response.json({ msg }, { status: 401, headers: { 'x-relay-error': 'true' } });

/** The token the relay reads: the Authorization bearer, else (as the gateway also accepts it) the apikey header. */
function relayToken(headers: Headers): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization')?.trim() ?? '')?.[1];
  return bearer ?? (headers.get('apikey')?.trim() || undefined);
}

/** Undefined when the request may reach the function, else the relay's 401. */
export async function relayRefusal(ctx: PlatformContext, ref: string, headers: Headers): Promise<Response | undefined> {
  const token = relayToken(headers);
  if (!token) return refusal('Missing authorization header');
  const keys = await projectJwtKeys(ctx, ref);
  try {
    await jwtVerify(token, (header) => verificationKey(keys, header), { algorithms: JWT_ALGORITHMS }); // checks exp (and nbf) when the token has them
    return undefined;
  } catch {
    return refusal('Invalid JWT');
  }
}
