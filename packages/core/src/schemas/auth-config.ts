import { z } from 'zod';

export const PASSWORD_REQUIREMENTS = ['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];

/** The auth settings of a project (GET /platform/auth/{ref}/config), read by the advisors too. */
export const AuthConfig = z
  .object({
    MAILER_OTP_EXP: z.number().int(),
    SMS_OTP_LENGTH: z.number().int(),
    PASSWORD_MIN_LENGTH: z.number().int(),
    PASSWORD_HIBP_ENABLED: z.boolean(),
    PASSWORD_REQUIRED_CHARACTERS: z.enum(PASSWORD_REQUIREMENTS),
    MFA_TOTP_ENROLL_ENABLED: z.boolean(),
    MFA_TOTP_VERIFY_ENABLED: z.boolean(),
    MFA_PHONE_ENROLL_ENABLED: z.boolean(),
    MFA_PHONE_VERIFY_ENABLED: z.boolean(),
    MFA_MAX_ENROLLED_FACTORS: z.number().int(),
    SMTP_ADMIN_EMAIL: z.string().nullable(),
    SMTP_HOST: z.string().nullable(),
    SMTP_PORT: z.number().int().nullable(),
    SMTP_USER: z.string().nullable(),
    /** Never answered: true when a password is stored. */
    SMTP_PASS_SET: z.boolean(),
    SMTP_SENDER_NAME: z.string().nullable(),
    SMTP_MAX_FREQUENCY: z.number().int(),
    RATE_LIMIT_EMAIL_SENT: z.number().int(),
    RATE_LIMIT_SMS_SENT: z.number().int(),
    RATE_LIMIT_VERIFY: z.number().int(),
    RATE_LIMIT_TOKEN_REFRESH: z.number().int(),
    RATE_LIMIT_OTP: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof AuthConfig>;

const count = (what: string, min: number, max: number) =>
  z.number(`${what} must be a number`).int(`${what} must be a whole number`).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);
const optionalText = (what: string, max: number) => z.string().trim().max(max, `${what} must be at most ${max} characters`).nullable();

/** PATCH /platform/auth/{ref}/config: any subset of the settings; unknown keys are refused. */
export const UpdateAuthConfigBody = z
  .strictObject({
    MAILER_OTP_EXP: count('Email OTP expiry', 60, 86_400),
    SMS_OTP_LENGTH: count('SMS OTP length', 4, 10),
    PASSWORD_MIN_LENGTH: count('Minimum password length', 6, 72),
    PASSWORD_HIBP_ENABLED: z.boolean(),
    PASSWORD_REQUIRED_CHARACTERS: z.enum(PASSWORD_REQUIREMENTS, 'Choose one of the password requirements'),
    MFA_TOTP_ENROLL_ENABLED: z.boolean(),
    MFA_TOTP_VERIFY_ENABLED: z.boolean(),
    MFA_PHONE_ENROLL_ENABLED: z.boolean(),
    MFA_PHONE_VERIFY_ENABLED: z.boolean(),
    MFA_MAX_ENROLLED_FACTORS: count('Maximum enrolled factors', 1, 20),
    SMTP_ADMIN_EMAIL: z.email('Sender email is not a valid email address').nullable(),
    SMTP_HOST: optionalText('SMTP host', 255),
    SMTP_PORT: count('SMTP port', 1, 65_535).nullable(),
    SMTP_USER: optionalText('SMTP user', 255),
    SMTP_PASS: optionalText('SMTP password', 255),
    SMTP_SENDER_NAME: optionalText('Sender name', 255),
    SMTP_MAX_FREQUENCY: count('Minimum interval between emails', 0, 86_400),
    RATE_LIMIT_EMAIL_SENT: count('Emails per hour', 1, 100_000),
    RATE_LIMIT_SMS_SENT: count('SMS per hour', 1, 100_000),
    RATE_LIMIT_VERIFY: count('Verifications per 5 minutes', 1, 100_000),
    RATE_LIMIT_TOKEN_REFRESH: count('Token refreshes per 5 minutes', 1, 100_000),
    RATE_LIMIT_OTP: count('OTPs per hour', 1, 100_000),
  })
  .partial()
  .meta({ id: 'UpdateAuthConfigBody' });
export type UpdateAuthConfigBody = z.infer<typeof UpdateAuthConfigBody>;
