import { describe, expect, it } from 'vitest';
import { AUTH_SETTINGS_COLUMNS, type AuthSettingsRow, type ProviderColumns } from '../store/auth-settings.ts';
import { platformFindings, type PlatformFacts } from './platform-lints.ts';

/** Every OAuth provider off and unconfigured, as the migration leaves them. */
const NO_PROVIDERS = Object.fromEntries(
  AUTH_SETTINGS_COLUMNS.filter(
    (column) => column.startsWith('external_') && column !== 'external_email_enabled' && column !== 'external_anonymous_users_enabled',
  ).map((column) => [column, column.endsWith('_enabled') ? false : null]),
) as ProviderColumns;

/** The migration's defaults, with every auth lint satisfied. */
const SAFE_AUTH: AuthSettingsRow = {
  mailer_otp_exp: 3600,
  sms_otp_length: 6,
  password_min_length: 8,
  password_hibp_enabled: true,
  password_required_characters: 'letters_digits',
  mfa_totp_enroll_enabled: true,
  mfa_totp_verify_enabled: true,
  mfa_phone_enroll_enabled: true,
  mfa_phone_verify_enabled: true,
  mfa_max_enrolled_factors: 10,
  mfa_web_authn_enroll_enabled: false,
  mfa_web_authn_verify_enabled: false,
  passkey_enabled: false,
  webauthn_rp_id: null,
  webauthn_rp_origins: null,
  webauthn_rp_display_name: null,
  smtp_admin_email: null,
  smtp_host: null,
  smtp_port: null,
  smtp_user: null,
  smtp_pass: null,
  smtp_sender_name: null,
  smtp_max_frequency: 60,
  rate_limit_email_sent: 2,
  rate_limit_sms_sent: 30,
  rate_limit_verify: 30,
  rate_limit_token_refresh: 150,
  rate_limit_otp: 30,
  site_url: 'http://localhost:3000',
  uri_allow_list: '',
  jwt_exp: 3600,
  disable_signup: false,
  external_email_enabled: true,
  external_anonymous_users_enabled: false,
  mailer_autoconfirm: false,
  mailer_otp_length: 6,
  mailer_secure_email_change_enabled: true,
  rate_limit_anonymous_users: 30,
  mailer_subjects_confirmation: null,
  mailer_templates_confirmation_content: null,
  mailer_subjects_recovery: null,
  mailer_templates_recovery_content: null,
  mailer_subjects_magic_link: null,
  mailer_templates_magic_link_content: null,
  mailer_subjects_email_change: null,
  mailer_templates_email_change_content: null,
  mailer_subjects_invite: null,
  mailer_templates_invite_content: null,
  mailer_subjects_reauthentication: null,
  mailer_templates_reauthentication_content: null,
  security_update_password_require_reauthentication: false,
  hook_custom_access_token_enabled: false,
  hook_custom_access_token_uri: null,
  hook_password_verification_attempt_enabled: false,
  hook_password_verification_attempt_uri: null,
  hook_mfa_verification_attempt_enabled: false,
  hook_mfa_verification_attempt_uri: null,
  hook_before_user_created_enabled: false,
  hook_before_user_created_uri: null,
  hook_send_email_enabled: false,
  hook_send_email_uri: null,
  security_manual_linking_enabled: false,
  ...NO_PROVIDERS,
  updated_at: new Date(0),
};

const facts = (changes: Partial<PlatformFacts> = {}): PlatformFacts => ({
  auth: SAFE_AUTH,
  ssl: true,
  serverVersionNum: 170010,
  newestInstalled: '17.10.0',
  adminLoginFailed: false,
  keyLeaks: { serviceKeyFromBrowser: 0, rotatedOutKey: 0 },
  pitrEnabled: false,
  ...changes,
});
const names = (changes: Partial<PlatformFacts> = {}) => platformFindings(facts(changes)).map((f) => f.name);

describe('platform lints', () => {
  it('reports only what Basin cannot offer when everything else is safe', () => {
    expect(names()).toEqual(['network_restrictions_not_set', 'pitr_not_enabled']);
  });

  it('stops suggesting point in time recovery once the add-on is on', () => {
    expect(names({ pitrEnabled: true })).toEqual(['network_restrictions_not_set']);
  });

  it.each([
    [{ mailer_otp_exp: 3601 }, 'auth_otp_long_expiry'],
    [{ sms_otp_length: 5 }, 'auth_otp_short_length'],
    [{ password_min_length: 7 }, 'password_requirements_min_length'],
    [{ password_hibp_enabled: false }, 'auth_leaked_password_protection'],
    [{ mfa_phone_verify_enabled: false }, 'auth_insufficient_mfa_options'],
    [{ password_required_characters: '' }, 'auth_password_policy_missing'],
  ] as const)('auth setting %j reports %s', (change, lint) => {
    expect(names()).not.toContain(lint);
    expect(names({ auth: { ...SAFE_AUTH, ...change } })).toContain(lint);
  });

  it('reports an instance without SSL, an administrator who cannot log in and an old minor', () => {
    expect(names({ ssl: false })).toContain('ssl_not_enforced');
    expect(names({ ssl: undefined })).not.toContain('ssl_not_enforced');
    expect(names({ adminLoginFailed: true, ssl: undefined, serverVersionNum: undefined })).toContain('no_backup_admin');
    expect(names({ serverVersionNum: 170009 })).toContain('vulnerable_postgres_version');
  });

  it('reports a leaked service key for the service_role key in a browser or a rotated-out key still used', () => {
    expect(names()).not.toContain('leaked_service_key');
    const leak = (serviceKeyFromBrowser: number, rotatedOutKey: number) =>
      platformFindings(facts({ keyLeaks: { serviceKeyFromBrowser, rotatedOutKey } })).find((f) => f.name === 'leaked_service_key');
    expect(leak(1, 0)).toEqual({
      name: 'leaked_service_key',
      entity: 'API keys',
      type: 'config',
      detail: 'The service_role key was sent from a browser once in the last 7 days: anyone who loaded that page can read it.',
    });
    expect(leak(0, 3)?.detail).toBe(
      'A key signed with a JWT secret that was replaced was presented 3 times in the last 7 days: a client still holds an old key.',
    );
    expect(leak(2, 1)?.detail).toMatch(/^The service_role key was sent from a browser 2 times .* presented once in the last 7 days/);
  });
});
