import { OAUTH_PROVIDER_KEYS, type OAuthProviderKey, URL_PROVIDER_KEYS, type UrlProviderKey } from '@basin/core';
import type { Queryable } from './db.ts';

/** Each OAuth provider's columns (the catalogue's, @basin/core); its secret is sealed. */
export type ProviderColumns = { [K in OAuthProviderKey as `external_${K}_enabled`]: boolean } & {
  [K in OAuthProviderKey as `external_${K}_client_id` | `external_${K}_secret`]: string | null;
} & { [K in UrlProviderKey as `external_${K}_url`]: string | null };

const PROVIDER_COLUMNS = [
  ...OAUTH_PROVIDER_KEYS.flatMap((key) => [`external_${key}_enabled`, `external_${key}_client_id`, `external_${key}_secret`] as const),
  ...URL_PROVIDER_KEYS.map((key) => `external_${key}_url` as const),
];

/** A project's auth settings as stored; smtp_pass and the providers' secrets are sealed. */
export interface AuthSettingsRow extends ProviderColumns {
  mailer_otp_exp: number;
  sms_otp_length: number;
  password_min_length: number;
  password_hibp_enabled: boolean;
  password_required_characters: string;
  mfa_totp_enroll_enabled: boolean;
  mfa_totp_verify_enabled: boolean;
  mfa_phone_enroll_enabled: boolean;
  mfa_phone_verify_enabled: boolean;
  mfa_max_enrolled_factors: number;
  mfa_web_authn_enroll_enabled: boolean;
  mfa_web_authn_verify_enabled: boolean;
  passkey_enabled: boolean;
  /** null: the site URL's host (gotrue/webauthn.ts). */
  webauthn_rp_id: string | null;
  /** Comma-separated; null: the site URL's origin. */
  webauthn_rp_origins: string | null;
  /** null: the project's name. */
  webauthn_rp_display_name: string | null;
  smtp_admin_email: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_user: string | null;
  smtp_pass: string | null;
  smtp_sender_name: string | null;
  smtp_max_frequency: number;
  rate_limit_email_sent: number;
  rate_limit_sms_sent: number;
  rate_limit_verify: number;
  rate_limit_token_refresh: number;
  rate_limit_otp: number;
  /** Read by the auth API (/auth/v1) on every request, through services/auth/auth-settings-cache.ts. */
  site_url: string;
  /** Comma-separated redirect URLs, globs allowed (splitUriAllowList of @basin/core/schemas). */
  uri_allow_list: string;
  jwt_exp: number;
  disable_signup: boolean;
  external_email_enabled: boolean;
  external_anonymous_users_enabled: boolean;
  /** false: users must confirm their email address. */
  mailer_autoconfirm: boolean;
  mailer_otp_length: number;
  mailer_secure_email_change_enabled: boolean;
  /** Per hour and client address. */
  rate_limit_anonymous_users: number;
  /** null: the default of DEFAULT_AUTH_EMAIL_TEMPLATES (@basin/core). */
  mailer_subjects_confirmation: string | null;
  mailer_templates_confirmation_content: string | null;
  mailer_subjects_recovery: string | null;
  mailer_templates_recovery_content: string | null;
  mailer_subjects_magic_link: string | null;
  mailer_templates_magic_link_content: string | null;
  mailer_subjects_email_change: string | null;
  mailer_templates_email_change_content: string | null;
  mailer_subjects_invite: string | null;
  mailer_templates_invite_content: string | null;
  mailer_subjects_reauthentication: string | null;
  mailer_templates_reauthentication_content: string | null;
  /** A password update from a session older than a day needs GET /reauthenticate's code. */
  security_update_password_require_reauthentication: boolean;
  hook_custom_access_token_enabled: boolean;
  /** `pg-functions://postgres/<schema>/<function>` (gotrue/hooks.ts). */
  hook_custom_access_token_uri: string | null;
  hook_password_verification_attempt_enabled: boolean;
  hook_password_verification_attempt_uri: string | null;
  hook_mfa_verification_attempt_enabled: boolean;
  hook_mfa_verification_attempt_uri: string | null;
  hook_before_user_created_enabled: boolean;
  hook_before_user_created_uri: string | null;
  hook_send_email_enabled: boolean;
  hook_send_email_uri: string | null;
  security_manual_linking_enabled: boolean;
  updated_at: Date;
}

export type AuthSettingsColumn = Exclude<keyof AuthSettingsRow, 'updated_at'>;

/** Every writable column: update() writes only these names into its SQL. */
export const AUTH_SETTINGS_COLUMNS = [
  'mailer_otp_exp',
  'sms_otp_length',
  'password_min_length',
  'password_hibp_enabled',
  'password_required_characters',
  'mfa_totp_enroll_enabled',
  'mfa_totp_verify_enabled',
  'mfa_phone_enroll_enabled',
  'mfa_phone_verify_enabled',
  'mfa_max_enrolled_factors',
  'mfa_web_authn_enroll_enabled',
  'mfa_web_authn_verify_enabled',
  'passkey_enabled',
  'webauthn_rp_id',
  'webauthn_rp_origins',
  'webauthn_rp_display_name',
  'smtp_admin_email',
  'smtp_host',
  'smtp_port',
  'smtp_user',
  'smtp_pass',
  'smtp_sender_name',
  'smtp_max_frequency',
  'rate_limit_email_sent',
  'rate_limit_sms_sent',
  'rate_limit_verify',
  'rate_limit_token_refresh',
  'rate_limit_otp',
  'site_url',
  'uri_allow_list',
  'jwt_exp',
  'disable_signup',
  'external_email_enabled',
  'external_anonymous_users_enabled',
  'mailer_autoconfirm',
  'mailer_otp_length',
  'mailer_secure_email_change_enabled',
  'rate_limit_anonymous_users',
  'mailer_subjects_confirmation',
  'mailer_templates_confirmation_content',
  'mailer_subjects_recovery',
  'mailer_templates_recovery_content',
  'mailer_subjects_magic_link',
  'mailer_templates_magic_link_content',
  'mailer_subjects_email_change',
  'mailer_templates_email_change_content',
  'mailer_subjects_invite',
  'mailer_templates_invite_content',
  'mailer_subjects_reauthentication',
  'mailer_templates_reauthentication_content',
  'security_update_password_require_reauthentication',
  'hook_custom_access_token_enabled',
  'hook_custom_access_token_uri',
  'hook_password_verification_attempt_enabled',
  'hook_password_verification_attempt_uri',
  'hook_mfa_verification_attempt_enabled',
  'hook_mfa_verification_attempt_uri',
  'hook_before_user_created_enabled',
  'hook_before_user_created_uri',
  'hook_send_email_enabled',
  'hook_send_email_uri',
  'security_manual_linking_enabled',
  ...PROVIDER_COLUMNS,
] as const satisfies readonly AuthSettingsColumn[];

// Every column of the row is in the list (a compile error names the one missing).
const everyColumnListed: Exclude<AuthSettingsColumn, (typeof AUTH_SETTINGS_COLUMNS)[number]> extends never ? true : never = true;
void everyColumnListed;
const WRITABLE = new Set<string>(AUTH_SETTINGS_COLUMNS);

/**
 * The project's settings; a project nobody configured yet gets its row of defaults here, so the
 * defaults live in the migration alone.
 */
export async function read(db: Queryable, ref: string): Promise<AuthSettingsRow> {
  const { rows } = await db.query<AuthSettingsRow>(
    `with made as (insert into auth_settings (project_ref) values ($1) on conflict (project_ref) do nothing returning *)
     select * from made union all select * from auth_settings where project_ref = $1`,
    [ref],
  );
  return rows[0] ?? read(db, ref); // another request made the row after this one's snapshot
}

/** Writes the given columns (names from AUTH_SETTINGS_COLUMNS only, values as parameters). */
export async function update(db: Queryable, ref: string, changes: Partial<Record<AuthSettingsColumn, unknown>>): Promise<void> {
  const columns = Object.keys(changes) as AuthSettingsColumn[];
  if (columns.length === 0) return;
  const unknown = columns.find((column) => !WRITABLE.has(column));
  if (unknown !== undefined) throw new Error(`Not an auth settings column: ${unknown}`);
  const names = columns.join(', ');
  const values = columns.map((_, i) => `$${i + 2}`).join(', ');
  const sets = columns.map((column) => `${column} = excluded.${column}`).join(', ');
  await db.query(
    `insert into auth_settings (project_ref, ${names}) values ($1, ${values})
     on conflict (project_ref) do update set ${sets}, updated_at = now()`,
    [ref, ...columns.map((column) => changes[column])],
  );
}
