/**
 * The lints read from the platform's own state rather than the instance's catalogs. Pure: the
 * facts are gathered by run-lints.ts, so each rule is testable on its own.
 */
import type { LintName } from '@basin/core';
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import { isOlderMinor } from '../instances/server-facts.ts';
import type { KeyLeakCounts } from '../store/edge-logs.ts';

export interface PlatformFacts {
  auth: AuthSettingsRow;
  /** The instance's `ssl` setting; undefined when the instance could not be read. */
  ssl: boolean | undefined;
  /** The instance's server_version_num, e.g. 170010; undefined when it could not be read. */
  serverVersionNum: number | undefined;
  /** The newest installed server version of the instance's major, e.g. '17.10.0'. */
  newestInstalled: string | undefined;
  /** The platform's administrator could not log in: no backup (nor catalog lint) can run. */
  adminLoginFailed: boolean;
  /** What the edge logs of the last 7 days saw of the keys. */
  keyLeaks: KeyLeakCounts;
  /** Whether the project has the PITR add-on (its WAL archived). */
  pitrEnabled: boolean;
}

export interface PlatformFinding {
  name: LintName;
  entity: string;
  type: string;
  detail: string;
}

/** The least email OTP lifetime that is too long, in seconds (an hour is the recommended ceiling). */
export const MAX_EMAIL_OTP_EXPIRY = 3600;
export const MIN_SMS_OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 8;
/** TOTP and phone: a user who loses one factor keeps another. */
const MIN_MFA_METHODS = 2;

const auth = (name: LintName, detail: string): PlatformFinding => ({ name, entity: 'Auth', type: 'auth', detail });
const database = (name: LintName, detail: string): PlatformFinding => ({ name, entity: 'Database', type: 'config', detail });
const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** The service_role key in a browser, or a key of a replaced secret still presented: either way a secret got out. */
function leakedServiceKey({ serviceKeyFromBrowser, rotatedOutKey }: KeyLeakCounts): PlatformFinding | undefined {
  const seen = [
    serviceKeyFromBrowser &&
      `The service_role key was sent from a browser ${times(serviceKeyFromBrowser)} in the last 7 days: anyone who loaded that page can read it.`,
    rotatedOutKey &&
      `A key signed with a JWT secret that was replaced was presented ${times(rotatedOutKey)} in the last 7 days: a client still holds an old key.`,
  ].filter(Boolean);
  return seen.length ? { name: 'leaked_service_key', entity: 'API keys', type: 'config', detail: seen.join(' ') } : undefined;
}

export function platformFindings(facts: PlatformFacts): PlatformFinding[] {
  const { auth: settings } = facts;
  const findings: PlatformFinding[] = [];
  if (settings.mailer_otp_exp > MAX_EMAIL_OTP_EXPIRY) {
    findings.push(
      auth('auth_otp_long_expiry', `The email OTP expires after ${settings.mailer_otp_exp} seconds, more than ${MAX_EMAIL_OTP_EXPIRY}.`),
    );
  }
  if (settings.sms_otp_length < MIN_SMS_OTP_LENGTH) {
    findings.push(auth('auth_otp_short_length', `The SMS OTP has ${settings.sms_otp_length} digits, fewer than ${MIN_SMS_OTP_LENGTH}.`));
  }
  if (settings.password_min_length < MIN_PASSWORD_LENGTH) {
    findings.push(
      auth(
        'password_requirements_min_length',
        `Passwords need ${settings.password_min_length} characters, fewer than ${MIN_PASSWORD_LENGTH}.`,
      ),
    );
  }
  if (!settings.password_hibp_enabled) {
    findings.push(auth('auth_leaked_password_protection', 'Leaked password protection is disabled.'));
  }
  const mfaMethods = [
    settings.mfa_totp_enroll_enabled && settings.mfa_totp_verify_enabled,
    settings.mfa_phone_enroll_enabled && settings.mfa_phone_verify_enabled,
    settings.mfa_web_authn_enroll_enabled && settings.mfa_web_authn_verify_enabled,
  ].filter(Boolean).length;
  if (mfaMethods < MIN_MFA_METHODS) {
    findings.push(
      auth(
        'auth_insufficient_mfa_options',
        `${mfaMethods} multi-factor authentication method${mfaMethods === 1 ? ' is' : 's are'} enabled.`,
      ),
    );
  }
  if (settings.password_required_characters === '') {
    findings.push(auth('auth_password_policy_missing', 'Passwords have no character requirements.'));
  }
  if (facts.ssl === false) findings.push(database('ssl_not_enforced', 'The database accepts connections without SSL.'));
  // Basin has no setting that limits the addresses allowed to connect: always worth knowing.
  findings.push(
    database(
      'network_restrictions_not_set',
      'No network restrictions are set: every address that reaches the database port may try to connect.',
    ),
  );
  if (!facts.pitrEnabled) {
    findings.push(database('pitr_not_enabled', 'Point in time recovery is not enabled: the newest backup is the daily one.'));
  }
  if (facts.adminLoginFailed) {
    findings.push(database('no_backup_admin', 'The platform cannot log in as its administrator role, so backups cannot be taken.'));
  }
  if (facts.serverVersionNum !== undefined && facts.newestInstalled && isOlderMinor(facts.serverVersionNum, facts.newestInstalled)) {
    findings.push(
      database(
        'vulnerable_postgres_version',
        `The database runs server version ${facts.serverVersionNum}; ${facts.newestInstalled} is installed.`,
      ),
    );
  }
  const leak = leakedServiceKey(facts.keyLeaks);
  if (leak) findings.push(leak);
  return findings;
}
