/** A project's auth settings (GET/PATCH /platform/auth/{ref}/config), which the advisors read. */
import { ADVISOR_MESSAGES } from '@basin/core';
import { splitUriAllowList, type AuthConfig, type PasswordRequirement, type UpdateAuthConfigBody } from '@basin/core/schemas';
import { lintCacheOf } from '../observability/advisors.ts';
import * as authSettings from '../../store/auth-settings.ts';
import type { AuthSettingsColumn, AuthSettingsRow } from '../../store/auth-settings.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { checkEnabledProviders, isProviderSecretColumn, providerConfig } from './auth-providers.ts';
import { forgetAuthSettings } from './auth-settings-cache.ts';
import type { PlatformContext } from '../../kernel/context.ts';

function toAuthConfig(row: AuthSettingsRow): AuthConfig {
  return {
    MAILER_OTP_EXP: row.mailer_otp_exp,
    SMS_OTP_LENGTH: row.sms_otp_length,
    PASSWORD_MIN_LENGTH: row.password_min_length,
    PASSWORD_HIBP_ENABLED: row.password_hibp_enabled,
    PASSWORD_REQUIRED_CHARACTERS: row.password_required_characters as PasswordRequirement,
    MFA_TOTP_ENROLL_ENABLED: row.mfa_totp_enroll_enabled,
    MFA_TOTP_VERIFY_ENABLED: row.mfa_totp_verify_enabled,
    MFA_PHONE_ENROLL_ENABLED: row.mfa_phone_enroll_enabled,
    MFA_PHONE_VERIFY_ENABLED: row.mfa_phone_verify_enabled,
    MFA_MAX_ENROLLED_FACTORS: row.mfa_max_enrolled_factors,
    MFA_WEB_AUTHN_ENROLL_ENABLED: row.mfa_web_authn_enroll_enabled,
    MFA_WEB_AUTHN_VERIFY_ENABLED: row.mfa_web_authn_verify_enabled,
    PASSKEY_ENABLED: row.passkey_enabled,
    WEBAUTHN_RP_ID: row.webauthn_rp_id,
    WEBAUTHN_RP_ORIGINS: row.webauthn_rp_origins,
    WEBAUTHN_RP_DISPLAY_NAME: row.webauthn_rp_display_name,
    SMTP_ADMIN_EMAIL: row.smtp_admin_email,
    SMTP_HOST: row.smtp_host,
    SMTP_PORT: row.smtp_port,
    SMTP_USER: row.smtp_user,
    SMTP_PASS_SET: row.smtp_pass !== null,
    SMTP_SENDER_NAME: row.smtp_sender_name,
    SMTP_MAX_FREQUENCY: row.smtp_max_frequency,
    RATE_LIMIT_EMAIL_SENT: row.rate_limit_email_sent,
    RATE_LIMIT_SMS_SENT: row.rate_limit_sms_sent,
    RATE_LIMIT_VERIFY: row.rate_limit_verify,
    RATE_LIMIT_TOKEN_REFRESH: row.rate_limit_token_refresh,
    RATE_LIMIT_OTP: row.rate_limit_otp,
    SITE_URL: row.site_url,
    URI_ALLOW_LIST: row.uri_allow_list,
    JWT_EXP: row.jwt_exp,
    DISABLE_SIGNUP: row.disable_signup,
    EXTERNAL_EMAIL_ENABLED: row.external_email_enabled,
    EXTERNAL_ANONYMOUS_USERS_ENABLED: row.external_anonymous_users_enabled,
    MAILER_AUTOCONFIRM: row.mailer_autoconfirm,
    MAILER_OTP_LENGTH: row.mailer_otp_length,
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: row.mailer_secure_email_change_enabled,
    RATE_LIMIT_ANONYMOUS_USERS: row.rate_limit_anonymous_users,
    MAILER_SUBJECTS_CONFIRMATION: row.mailer_subjects_confirmation,
    MAILER_TEMPLATES_CONFIRMATION_CONTENT: row.mailer_templates_confirmation_content,
    MAILER_SUBJECTS_RECOVERY: row.mailer_subjects_recovery,
    MAILER_TEMPLATES_RECOVERY_CONTENT: row.mailer_templates_recovery_content,
    MAILER_SUBJECTS_MAGIC_LINK: row.mailer_subjects_magic_link,
    MAILER_TEMPLATES_MAGIC_LINK_CONTENT: row.mailer_templates_magic_link_content,
    MAILER_SUBJECTS_EMAIL_CHANGE: row.mailer_subjects_email_change,
    MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: row.mailer_templates_email_change_content,
    MAILER_SUBJECTS_INVITE: row.mailer_subjects_invite,
    MAILER_TEMPLATES_INVITE_CONTENT: row.mailer_templates_invite_content,
    MAILER_SUBJECTS_REAUTHENTICATION: row.mailer_subjects_reauthentication,
    MAILER_TEMPLATES_REAUTHENTICATION_CONTENT: row.mailer_templates_reauthentication_content,
    SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: row.security_update_password_require_reauthentication,
    HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: row.hook_custom_access_token_enabled,
    HOOK_CUSTOM_ACCESS_TOKEN_URI: row.hook_custom_access_token_uri,
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: row.hook_password_verification_attempt_enabled,
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: row.hook_password_verification_attempt_uri,
    HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: row.hook_mfa_verification_attempt_enabled,
    HOOK_MFA_VERIFICATION_ATTEMPT_URI: row.hook_mfa_verification_attempt_uri,
    HOOK_BEFORE_USER_CREATED_ENABLED: row.hook_before_user_created_enabled,
    HOOK_BEFORE_USER_CREATED_URI: row.hook_before_user_created_uri,
    HOOK_SEND_EMAIL_ENABLED: row.hook_send_email_enabled,
    HOOK_SEND_EMAIL_URI: row.hook_send_email_uri,
    SECURITY_MANUAL_LINKING_ENABLED: row.security_manual_linking_enabled,
    ...providerConfig(row),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The stored form of a validated setting. */
function toColumnValue(ctx: PlatformContext, column: AuthSettingsColumn, value: unknown): unknown {
  if ((column === 'smtp_pass' || isProviderSecretColumn(column)) && typeof value === 'string') return value ? ctx.box.seal(value) : null;
  // An empty subject or body is the default one.
  if (column.startsWith('mailer_subjects_') || column.startsWith('mailer_templates_')) return value === '' ? null : value;
  if (column === 'uri_allow_list' && typeof value === 'string') return splitUriAllowList(value).join(',');
  if (column === 'webauthn_rp_origins' && typeof value === 'string') return splitUriAllowList(value).join(',') || null;
  // A provider's URL is kept without its trailing slash.
  if (/^external_[a-z]+_url$/.test(column) && typeof value === 'string') return value.replace(/\/+$/, '') || null;
  // An emptied hook function, provider client ID or relying party setting is none (the derived one for the last).
  const emptiedIsNone = (column.startsWith('hook_') && column.endsWith('_uri')) || /^external_[a-z]+_client_id$/.test(column);
  if (emptiedIsNone || column.startsWith('webauthn_rp_')) return value || null;
  return value;
}

export async function getAuthConfig(ctx: PlatformContext, ref: string, userId: string): Promise<AuthConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'auth:read');
  return toAuthConfig(await authSettings.read(ctx.db, ref));
}

/** Writes the given settings; the SMTP password and provider secrets are sealed, an empty one removes it. */
export async function updateAuthConfig(ctx: PlatformContext, ref: string, userId: string, body: UpdateAuthConfigBody): Promise<AuthConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', ADVISOR_MESSAGES.noAuthSettingsPermission);
  const changes: Partial<Record<AuthSettingsColumn, unknown>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const column = key.toLowerCase() as AuthSettingsColumn;
    changes[column] = toColumnValue(ctx, column, value);
  }
  checkEnabledProviders({ ...(await authSettings.read(ctx.db, ref)), ...changes });
  await authSettings.update(ctx.db, ref, changes);
  forgetAuthSettings(ref); // the auth API follows the settings at once
  lintCacheOf(ctx).invalidate(ref); // and so do the auth lints
  return toAuthConfig(await authSettings.read(ctx.db, ref));
}
