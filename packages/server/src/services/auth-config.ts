/** A project's auth settings (GET/PATCH /platform/auth/{ref}/config), which the advisors read. */
import { ADVISOR_MESSAGES } from '@basin/core';
import type { AuthConfig, PasswordRequirement, UpdateAuthConfigBody } from '@basin/core/schemas';
import { lintCacheOf } from '../advisors/advisors-service.ts';
import * as authSettings from '../store/auth-settings.ts';
import type { AuthSettingsColumn, AuthSettingsRow } from '../store/auth-settings.ts';
import { requirePermission, requireProject } from './access.ts';
import type { PlatformContext } from './context.ts';

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
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getAuthConfig(ctx: PlatformContext, ref: string, userId: string): Promise<AuthConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'auth:read');
  return toAuthConfig(await authSettings.read(ctx.db, ref));
}

/** Writes the given settings; the SMTP password is sealed, an empty one removes it. */
export async function updateAuthConfig(ctx: PlatformContext, ref: string, userId: string, body: UpdateAuthConfigBody): Promise<AuthConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', ADVISOR_MESSAGES.noAuthSettingsPermission);
  const changes: Partial<Record<AuthSettingsColumn, unknown>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const column = key.toLowerCase() as AuthSettingsColumn;
    changes[column] = column === 'smtp_pass' && typeof value === 'string' ? (value ? ctx.box.seal(value) : null) : value;
  }
  await authSettings.update(ctx.db, ref, changes);
  lintCacheOf(ctx).invalidate(ref); // the auth lints follow the settings at once
  return toAuthConfig(await authSettings.read(ctx.db, ref));
}
