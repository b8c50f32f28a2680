/**
 * The auth hooks, as GoTrue calls them: the project's Postgres function
 * `pg-functions://postgres/<schema>/<function>` gets a jsonb event and answers a jsonb object, or
 * `{error: {http_code, message}}`. It runs as the auth login (supabase_auth_admin), which the
 * function's owner grants execute to, as on Supabase.
 * - custom access token: `{user_id, claims, authentication_method}` → `{claims}` to sign, which
 *   must keep the ones every client reads;
 * - password verification attempt: `{user_id, valid}` → `{decision, message, should_logout_user}`;
 * - MFA verification attempt: `{user_id, factor_id, factor_type, valid}` → `{decision, message}`;
 * - before user created: `{metadata, user}` → `{}`, or `{error}` to refuse the sign-up;
 * - send email: `{user, email_data}` → `{}` once the function has delivered the email itself.
 */
import { randomUUID } from 'node:crypto';
import { PG_FUNCTION_HOOK_URI } from '@basin/core/schemas';
import type { Queryable } from '../store/db.ts';
import type { AuthContext } from './context.ts';
import { queryAuth } from './db.ts';
import { AuthApiError } from './errors.ts';

/** What GoTrue requires of the claims a hook answers. */
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role', 'aal', 'session_id', 'is_anonymous'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const hookFailed = (uri: string) => new AuthApiError(500, 'unexpected_failure', `Error running hook URI: ${uri}`);

/** The hooks a project may set, by their settings. */
const HOOKS = {
  customAccessToken: ['hook_custom_access_token_enabled', 'hook_custom_access_token_uri'],
  passwordVerificationAttempt: ['hook_password_verification_attempt_enabled', 'hook_password_verification_attempt_uri'],
  mfaVerificationAttempt: ['hook_mfa_verification_attempt_enabled', 'hook_mfa_verification_attempt_uri'],
  beforeUserCreated: ['hook_before_user_created_enabled', 'hook_before_user_created_uri'],
  sendEmail: ['hook_send_email_enabled', 'hook_send_email_uri'],
} as const;
type Hook = keyof typeof HOOKS;

/**
 * The hook's answer to `input`, or undefined when the project has not set it. A hook that fails
 * (or answers no object) is GoTrue's 500, its reason logged; one that answers `{error}` is that
 * error. `client`: the request's transaction, if it has one, so that the hook never waits for a
 * second session of the pool.
 */
async function callHook(auth: AuthContext, hook: Hook, input: unknown, client?: Queryable): Promise<Record<string, unknown> | undefined> {
  const [enabledSetting, uriSetting] = HOOKS[hook];
  const uri = auth.settings[uriSetting];
  if (!auth.settings[enabledSetting] || !uri) return undefined;
  const [, schema, name] = PG_FUNCTION_HOOK_URI.exec(uri) ?? [];
  if (!schema || !name) throw hookFailed(uri);
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
  if (!isObject(output)) {
    auth.ctx.logger.warn({ ref: auth.project.ref, uri }, 'auth hook answered no object');
    throw hookFailed(uri);
  }
  if (isObject(output.error)) {
    const status = typeof output.error.http_code === 'number' ? output.error.http_code : 500;
    const message = typeof output.error.message === 'string' ? output.error.message : 'The hook refused the request';
    throw new AuthApiError(status >= 400 && status < 600 ? status : 500, 'unexpected_failure', message);
  }
  return output;
}

/** The claims to sign: `claims` as they are without the custom access token hook, else as it answers them. */
export async function hookedClaims(
  auth: AuthContext,
  claims: Record<string, unknown>,
  authenticationMethod: string,
  client?: Queryable,
): Promise<Record<string, unknown>> {
  const output = await callHook(
    auth,
    'customAccessToken',
    { user_id: claims.sub, claims, authentication_method: authenticationMethod },
    client,
  );
  if (!output) return claims;
  const answered = output.claims;
  const missing = isObject(answered) ? REQUIRED_CLAIMS.filter((claim) => !(claim in answered)) : REQUIRED_CLAIMS;
  if (!isObject(answered) || missing.length) {
    auth.ctx.logger.warn({ ref: auth.project.ref, missing }, 'auth hook answered claims that do not conform');
    throw new AuthApiError(500, 'unexpected_failure', `output claims do not conform to the expected schema: missing ${missing.join(', ')}`);
  }
  return answered;
}

/** What a verification attempt hook decided: to go on, or to reject the attempt with this message. */
export type AttemptDecision = { reject: false } | { reject: true; message: string; logOut: boolean };

/** GoTrue's words when a hook rejects without saying why. */
const DEFAULT_REJECTIONS = {
  passwordVerificationAttempt: 'Further password verification attempts will be rejected.',
  mfaVerificationAttempt: 'Further MFA verification attempts will be rejected.',
} as const;

/**
 * The password or MFA verification attempt hook's decision on an attempt (`valid`: whether the
 * password or code was right). A rejected MFA attempt always signs the user out; a rejected
 * password only when the hook says `should_logout_user`.
 */
export async function attemptDecision(
  auth: AuthContext,
  hook: keyof typeof DEFAULT_REJECTIONS,
  input: Record<string, unknown>,
  client?: Queryable,
): Promise<AttemptDecision> {
  const output = await callHook(auth, hook, input, client);
  if (output?.decision !== 'reject') return { reject: false };
  const message = typeof output.message === 'string' && output.message ? output.message : DEFAULT_REJECTIONS[hook];
  return { reject: true, message, logOut: hook === 'mfaVerificationAttempt' || output.should_logout_user === true };
}

/**
 * The before user created hook on a user about to sign up (`user` as the API answers users; not
 * yet in the table): it returns when the hook lets the sign-up go on, and throws the hook's error
 * when it refuses, so the transaction creates nothing.
 */
export async function beforeUserCreated(auth: AuthContext, user: Record<string, unknown>, client: Queryable): Promise<void> {
  const metadata = { uuid: randomUUID(), time: new Date().toISOString(), name: 'before-user-created', ip_address: auth.ip };
  await callHook(auth, 'beforeUserCreated', { metadata, user }, client);
}

/** Hands an auth email to the send email hook; false when the project has none, so the email goes out as usual. */
export async function sendEmailHook(auth: AuthContext, input: Record<string, unknown>, client: Queryable): Promise<boolean> {
  return (await callHook(auth, 'sendEmail', input, client)) !== undefined;
}
