/**
 * Supabase Auth's error answers. A client that sends `X-Supabase-Api-Version: 2024-01-01` (auth-js
 * 2.x does) gets `{code, message}` with the code as a string and the version echoed back, which
 * is how auth-js knows to read `code`; older clients get GoTrue's first shape, `{code: status,
 * error_code, msg}`. Both carry the weak password's reasons when there are some.
 */
import { jsonAnswer } from '../kernel/json-answer.ts';

/** The codes Basin answers, as auth-js names them (its ErrorCode). */
export type ErrorCode =
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'signup_disabled'
  | 'user_banned'
  | 'email_provider_disabled'
  | 'email_not_confirmed'
  | 'user_already_exists'
  | 'same_password'
  | 'otp_expired'
  | 'otp_disabled'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'anonymous_provider_disabled'
  | 'invalid_credentials'
  | 'email_address_invalid'
  | 'email_address_not_authorized'
  | 'request_timeout'
  | 'unexpected_failure'
  | 'not_found'
  | 'mfa_factor_not_found'
  | 'mfa_factor_name_conflict'
  | 'mfa_ip_address_mismatch'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_verification_rejected'
  | 'mfa_totp_enroll_not_enabled'
  | 'mfa_totp_verify_not_enabled'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'mfa_webauthn_verify_not_enabled'
  | 'passkey_disabled'
  | 'too_many_passkeys'
  | 'webauthn_challenge_not_found'
  | 'webauthn_challenge_expired'
  | 'webauthn_verification_failed'
  | 'webauthn_credential_exists'
  | 'too_many_enrolled_mfa_factors'
  | 'insufficient_aal'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'oauth_provider_not_supported'
  | 'provider_disabled'
  | 'provider_email_needs_verification'
  | 'manual_linking_disabled'
  | 'identity_already_exists'
  | 'invite_not_found'
  | 'identity_not_found'
  | 'single_identity_not_deletable'
  | 'email_conflict_identity_not_deletable';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION = '2024-01-01';

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** `weak_password: {reasons}` and the like, merged into the body. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const speaksNewShape = (request: Request) => (request.headers.get(API_VERSION_HEADER) ?? '') >= API_VERSION;

/**
 * GoTrue's OAuthError, which its id_token grant answers: always 400 and `{error, error_description}`,
 * whatever the client's API version (auth-js shows the description and no code). Its code is
 * only what the auth logs record.
 */
export class OAuthError extends AuthApiError {
  constructor(
    readonly error: 'invalid request' | 'invalid nonce',
    description: string,
  ) {
    super(400, 'validation_failed', description);
  }
}

/** The error as the client's API version expects it. */
export function errorResponse(error: AuthApiError, request: Request): Response {
  const headers = new Headers(error.headers);
  const newShape = speaksNewShape(request);
  if (newShape) headers.set(API_VERSION_HEADER, API_VERSION);
  if (error instanceof OAuthError)
    return jsonAnswer({ error: error.error, error_description: error.message }, { status: error.status, headers });
  if (newShape) return jsonAnswer({ code: error.code, message: error.message, ...error.extra }, { status: error.status, headers });
  return jsonAnswer({ code: error.status, error_code: error.code, msg: error.message, ...error.extra }, { status: error.status, headers });
}

export const badRequest = (message: string, code: ErrorCode = 'validation_failed') => new AuthApiError(400, code, message);
export const unprocessable = (message: string, code: ErrorCode = 'validation_failed') => new AuthApiError(422, code, message);
export const forbidden = (message: string, code: ErrorCode) => new AuthApiError(403, code, message);
export const notFound = (message: string, code: ErrorCode) => new AuthApiError(404, code, message);
export const tooManyRequests = (message: string, code: ErrorCode = 'over_request_rate_limit') => new AuthApiError(429, code, message);
