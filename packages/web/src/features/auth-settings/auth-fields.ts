import { PASSWORD_REQUIREMENTS, type UpdateAuthConfigBody } from '@basin/core/schemas';

export type AuthFieldKey = keyof UpdateAuthConfigBody;

export type AuthField =
  | { key: AuthFieldKey; label: string; description?: string; kind: 'number' | 'text' | 'password' | 'boolean' }
  | { key: AuthFieldKey; label: string; description?: string; kind: 'select'; options: { value: string; label: string }[] };

const REQUIREMENT_LABELS: Record<(typeof PASSWORD_REQUIREMENTS)[number], string> = {
  '': 'No required characters',
  letters_digits: 'Letters and digits',
  lower_upper_letters_digits: 'Lowercase, uppercase letters and digits',
  lower_upper_letters_digits_symbols: 'Lowercase, uppercase letters, digits and symbols',
};

export const EMAIL_FIELDS: AuthField[] = [
  { key: 'MAILER_OTP_EXP', label: 'Email OTP expiration (seconds)', kind: 'number', description: 'How long an email link or code stays valid. The advisors warn above 3600 seconds.' },
  { key: 'SMS_OTP_LENGTH', label: 'SMS OTP length', kind: 'number', description: 'Digits in an SMS code; 6 or more is recommended.' },
  { key: 'PASSWORD_MIN_LENGTH', label: 'Minimum password length', kind: 'number', description: 'At least 8 characters is recommended.' },
  {
    key: 'PASSWORD_REQUIRED_CHARACTERS',
    label: 'Password requirements',
    kind: 'select',
    options: PASSWORD_REQUIREMENTS.map((value) => ({ value, label: REQUIREMENT_LABELS[value] })),
  },
  { key: 'PASSWORD_HIBP_ENABLED', label: 'Leaked password protection', kind: 'boolean', description: 'Refuse passwords known from data breaches.' },
];

export const MFA_FIELDS: AuthField[] = [
  { key: 'MFA_TOTP_ENROLL_ENABLED', label: 'Authenticator app (TOTP) enrollment', kind: 'boolean' },
  { key: 'MFA_TOTP_VERIFY_ENABLED', label: 'Authenticator app (TOTP) verification', kind: 'boolean' },
  { key: 'MFA_PHONE_ENROLL_ENABLED', label: 'Phone enrollment', kind: 'boolean' },
  { key: 'MFA_PHONE_VERIFY_ENABLED', label: 'Phone verification', kind: 'boolean' },
  { key: 'MFA_MAX_ENROLLED_FACTORS', label: 'Maximum enrolled factors per user', kind: 'number' },
];

export const RATE_LIMIT_FIELDS: AuthField[] = [
  { key: 'RATE_LIMIT_EMAIL_SENT', label: 'Emails per hour', kind: 'number' },
  { key: 'RATE_LIMIT_SMS_SENT', label: 'SMS per hour', kind: 'number' },
  { key: 'RATE_LIMIT_OTP', label: 'OTPs per hour', kind: 'number' },
  { key: 'RATE_LIMIT_VERIFY', label: 'Verifications per 5 minutes', kind: 'number' },
  { key: 'RATE_LIMIT_TOKEN_REFRESH', label: 'Token refreshes per 5 minutes', kind: 'number' },
];

export const SMTP_FIELDS: AuthField[] = [
  { key: 'SMTP_ADMIN_EMAIL', label: 'Sender email', kind: 'text' },
  { key: 'SMTP_SENDER_NAME', label: 'Sender name', kind: 'text' },
  { key: 'SMTP_HOST', label: 'Host', kind: 'text' },
  { key: 'SMTP_PORT', label: 'Port', kind: 'number' },
  { key: 'SMTP_USER', label: 'Username', kind: 'text' },
  { key: 'SMTP_PASS', label: 'Password', kind: 'password', description: 'Leave empty to keep the stored password.' },
  { key: 'SMTP_MAX_FREQUENCY', label: 'Minimum interval between emails (seconds)', kind: 'number' },
];
