/**
 * The custom access token hook, as GoTrue calls it: before an access token is signed, the
 * project's Postgres function `pg-functions://postgres/<schema>/<function>` gets
 * `{user_id, claims, authentication_method}` and answers `{claims}` (the token's claims, which
 * must keep the ones every client reads) or `{error: {http_code, message}}`. It runs as the auth
 * login (supabase_auth_admin), which the function's owner grants execute to, as on Supabase.
 */
import { PG_FUNCTION_HOOK_URI } from '@basin/core/schemas';
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import { queryAuth } from './db.ts';
import { AuthApiError } from './errors.ts';

/** What GoTrue requires of the claims a hook answers. */
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const hookFailed = (uri: string) => new AuthApiError(500, 'unexpected_failure', `Error running hook URI: ${uri}`);

/** The claims to sign: `claims` as they are without the hook, else as the hook answers them. */
export async function hookedClaims(
  auth: AuthContext,
  claims: Record<string, unknown>,
  authenticationMethod: string,
  /** The request's transaction, if it has one (a sign-in): the hook runs in it. */
  client?: pg.ClientBase,
): Promise<Record<string, unknown>> {
  const { hook_custom_access_token_enabled: enabled, hook_custom_access_token_uri: uri } = auth.settings;
  if (!enabled || !uri) return claims;
  const [, schema, name] = PG_FUNCTION_HOOK_URI.exec(uri) ?? [];
  if (!schema || !name) throw hookFailed(uri);
  const input = { user_id: claims.sub, claims, authentication_method: authenticationMethod };
  let output: unknown;
  try {
    // The names are plain identifiers (PG_FUNCTION_HOOK_URI), quoted all the same.
    const text = `select "${schema}"."${name}"($1::jsonb) as output`;
    const rows = client
      ? (await client.query<{ output: unknown }>(text, [input])).rows
      : await queryAuth<{ output: unknown }>(auth.ctx, auth.project, text, [input]);
    output = rows[0]?.output;
  } catch (error) {
    auth.ctx.logger.warn(
      { ref: auth.project.ref, uri, reason: error instanceof Error ? error.message : String(error) },
      'auth hook failed',
    );
    throw hookFailed(uri);
  }
  if (isObject(output) && isObject(output.error)) {
    const status = typeof output.error.http_code === 'number' ? output.error.http_code : 500;
    const message = typeof output.error.message === 'string' ? output.error.message : 'The hook refused the request';
    throw new AuthApiError(status >= 400 && status < 600 ? status : 500, 'unexpected_failure', message);
  }
  const answered = isObject(output) ? output.claims : undefined;
  const missing = isObject(answered) ? REQUIRED_CLAIMS.filter((claim) => !(claim in answered)) : REQUIRED_CLAIMS;
  if (!isObject(answered) || missing.length) {
    auth.ctx.logger.warn({ ref: auth.project.ref, uri, missing }, 'auth hook answered claims that do not conform');
    throw new AuthApiError(500, 'unexpected_failure', `output claims do not conform to the expected schema: missing ${missing.join(', ')}`);
  }
  return answered;
}
