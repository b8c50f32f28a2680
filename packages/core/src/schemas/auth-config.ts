import { z } from 'zod';
import { OAUTH_PROVIDERS, type OAuthProviderInfo, type OAuthProviderKey, type UrlProviderKey } from '../catalogues/auth-providers.ts';
import { ADVISOR_MESSAGES } from '../catalogues/lints.ts';

export const PASSWORD_REQUIREMENTS = ['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];

type Prefix<K extends OAuthProviderKey> = `EXTERNAL_${Uppercase<K>}`;
type Text = z.ZodNullable<z.ZodString>;
/** Each provider's settings (the catalogue's), keyed as GoTrue names them; `Secret` is the secret's field. */
type ProviderShape<Secret extends string, S extends z.ZodType> = { [K in OAuthProviderKey as `${Prefix<K>}_ENABLED`]: z.ZodBoolean } & {
  [K in OAuthProviderKey as `${Prefix<K>}_CLIENT_ID`]: Text;
} & { [K in OAuthProviderKey as `${Prefix<K>}_${Secret}`]: S } & { [K in UrlProviderKey as `${Prefix<K>}_URL`]: Text };

interface ProviderFields {
  clientId: (provider: OAuthProviderInfo) => Text;
  secret: [name: string, make: (provider: OAuthProviderInfo) => z.ZodType];
  url: (provider: OAuthProviderInfo, label: string) => Text;
}

function providerShape({ clientId, secret: [secretName, secret], url }: ProviderFields): Record<string, z.ZodType> {
  return Object.fromEntries(
    OAUTH_PROVIDERS.flatMap((provider) => {
      const prefix = `EXTERNAL_${provider.key.toUpperCase()}`;
      const fields: [string, z.ZodType][] = [
        [`${prefix}_ENABLED`, z.boolean(`${provider.label}: enabled must be true or false`)],
        [`${prefix}_CLIENT_ID`, clientId(provider)],
        [`${prefix}_${secretName}`, secret(provider)],
      ];
      if (provider.url) fields.push([`${prefix}_URL`, url(provider, provider.url.label)]);
      return fields;
    }),
  );
}

type AnswerShape = ProviderShape<'SECRET_SET', z.ZodBoolean>;
/** The providers' part of AuthConfig. */
export type AuthProviderConfig = { [K in keyof AnswerShape]: z.infer<AnswerShape[K]> };

/** The answer's provider settings: the secret is never answered, only whether one is stored. */
const providerConfigShape = () =>
  providerShape({
    clientId: () => z.string().nullable(),
    secret: ['SECRET_SET', () => z.boolean()],
    url: () => z.string().nullable(),
  }) as AnswerShape;

/** A provider's URL setting: an http(s) URL, or empty (or null) for none. */
const providerUrl = (provider: OAuthProviderInfo, label: string) =>
  z
    .string(`${provider.label}: ${label} must be a URL`)
    .trim()
    .max(2048, `${provider.label}: ${label} must be at most 2048 characters`)
    .refine((url) => url === '' || isHttpUrl(url), `${provider.label}: ${label} must be an http:// or https:// URL`)
    .nullable();

const providerUpdateShape = () =>
  providerShape({
    clientId: (provider) => optionalText(`${provider.label}: client ID`, 1024),
    // Apple's secret is a signed JWT: longer than most.
    secret: ['SECRET', (provider) => optionalText(`${provider.label}: secret`, 4096)],
    url: providerUrl,
  }) as ProviderShape<'SECRET', Text>;

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
    MFA_WEB_AUTHN_ENROLL_ENABLED: z.boolean(),
    MFA_WEB_AUTHN_VERIFY_ENABLED: z.boolean(),
    /** Passkeys as a first factor (sign-in without a password). */
    PASSKEY_ENABLED: z.boolean(),
    /** The WebAuthn relying party of factors and passkeys; null: SITE_URL's host, origin and the project's name. */
    WEBAUTHN_RP_ID: z.string().nullable(),
    /** Comma-separated origins the browser may sign from. */
    WEBAUTHN_RP_ORIGINS: z.string().nullable(),
    WEBAUTHN_RP_DISPLAY_NAME: z.string().nullable(),
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
    SITE_URL: z.string(),
    /** Comma-separated redirect URLs; globs allowed (see splitUriAllowList). */
    URI_ALLOW_LIST: z.string(),
    JWT_EXP: z.number().int(),
    DISABLE_SIGNUP: z.boolean(),
    EXTERNAL_EMAIL_ENABLED: z.boolean(),
    EXTERNAL_ANONYMOUS_USERS_ENABLED: z.boolean(),
    /** false: users confirm their email before they can sign in. */
    MAILER_AUTOCONFIRM: z.boolean(),
    MAILER_OTP_LENGTH: z.number().int(),
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: z.boolean(),
    RATE_LIMIT_ANONYMOUS_USERS: z.number().int(),
    /** Subjects and bodies of the auth emails: null means the default (DEFAULT_AUTH_EMAIL_TEMPLATES). */
    MAILER_SUBJECTS_CONFIRMATION: z.string().nullable(),
    MAILER_TEMPLATES_CONFIRMATION_CONTENT: z.string().nullable(),
    MAILER_SUBJECTS_RECOVERY: z.string().nullable(),
    MAILER_TEMPLATES_RECOVERY_CONTENT: z.string().nullable(),
    MAILER_SUBJECTS_MAGIC_LINK: z.string().nullable(),
    MAILER_TEMPLATES_MAGIC_LINK_CONTENT: z.string().nullable(),
    MAILER_SUBJECTS_EMAIL_CHANGE: z.string().nullable(),
    MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: z.string().nullable(),
    MAILER_SUBJECTS_INVITE: z.string().nullable(),
    MAILER_TEMPLATES_INVITE_CONTENT: z.string().nullable(),
    MAILER_SUBJECTS_REAUTHENTICATION: z.string().nullable(),
    MAILER_TEMPLATES_REAUTHENTICATION_CONTENT: z.string().nullable(),
    /** Secure password change: a session older than a day changes the password only with the code of GET /reauthenticate. */
    SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: z.boolean(),
    /** The custom access token hook: a Postgres function that changes the claims of every access token issued. */
    HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: z.boolean(),
    HOOK_CUSTOM_ACCESS_TOKEN_URI: z.string().nullable(),
    /** Called after each password check: may reject the sign-in (and sign the user out everywhere). */
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: z.boolean(),
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: z.string().nullable(),
    /** Called after each MFA code check: may reject it, signing the user out. */
    HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: z.boolean(),
    HOOK_MFA_VERIFICATION_ATTEMPT_URI: z.string().nullable(),
    /** Called before a user signs up (not for the admin API's users): may refuse the sign-up. */
    HOOK_BEFORE_USER_CREATED_ENABLED: z.boolean(),
    HOOK_BEFORE_USER_CREATED_URI: z.string().nullable(),
    /** Called instead of sending each auth email: the function delivers it. */
    HOOK_SEND_EMAIL_ENABLED: z.boolean(),
    HOOK_SEND_EMAIL_URI: z.string().nullable(),
    /** linkIdentity and unlinkIdentity are allowed (GoTrue's "Manual linking is disabled" otherwise). */
    SECURITY_MANUAL_LINKING_ENABLED: z.boolean(),
    ...providerConfigShape(),
    updated_at: z.string(),
  })
  .meta({ id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof AuthConfig>;

const count = (what: string, min: number, max: number) =>
  z
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);
const optionalText = (what: string, max: number) => z.string().trim().max(max, `${what} must be at most ${max} characters`).nullable();

/** A WebAuthn relying party ID: a host name (localhost included), never an address with a port. */
const RP_ID = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** An http(s) origin alone: scheme, host and port, no path. */
function isOrigin(value: string): boolean {
  return isHttpUrl(value) && new URL(value).origin === value;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The entries of a URI_ALLOW_LIST: comma separated, trimmed, empty ones dropped. */
export function splitUriAllowList(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * A redirect URL entry: an absolute URL (any scheme, for app deep links) or a glob pattern as
 * Supabase matches them (`*` within a host label or path segment, `**` across them, `?`, `[...]`).
 */
export function isUriAllowListEntry(entry: string): boolean {
  if (entry === '' || /\s/.test(entry)) return false;
  if (/[*?[\]]/.test(entry)) {
    let depth = 0;
    for (const char of entry) {
      if (char === '[') depth += 1;
      else if (char === ']') depth -= 1;
      if (depth < 0 || depth > 1) return false;
    }
    return depth === 0;
  }
  try {
    return new URL(entry).protocol.length > 1;
  } catch {
    return false;
  }
}

const uriAllowList = z
  .string('Redirect URLs must be a comma-separated list')
  .max(20_000, 'Redirect URLs must be at most 20000 characters')
  .superRefine((list, ctx) => {
    for (const entry of splitUriAllowList(list)) {
      if (!isUriAllowListEntry(entry)) {
        ctx.addIssue({ code: 'custom', message: `Redirect URL "${entry}" must be a URL or a pattern such as https://*.example.com/**` });
      }
    }
  });

/** An auth hook's Postgres function, as Supabase names it: `pg-functions://postgres/<schema>/<function>`, plain identifiers. */
export const PG_FUNCTION_HOOK_URI = /^pg-functions:\/\/postgres\/([a-z_][a-z0-9_$]{0,62})\/([a-z_][a-z0-9_$]{0,62})$/;

/** A hook's function, or empty for none. */
const hookUri = z
  .string()
  .refine(
    (uri) => uri === '' || PG_FUNCTION_HOOK_URI.test(uri),
    'The hook must be a Postgres function: pg-functions://postgres/<schema>/<function>',
  )
  .nullable();

/** PATCH /platform/auth/{ref}/config: any subset of the settings; unknown keys are refused. */
export const UpdateAuthConfigBody = z
  .strictObject({
    MAILER_OTP_EXP: count('Email OTP expiry', 60, 86_400),
    SMS_OTP_LENGTH: count('SMS OTP length', 4, 10),
    PASSWORD_MIN_LENGTH: count('Minimum password length', 6, 72),
    // Refused when true: there is no Have I Been Pwned check to enable (see the message).
    PASSWORD_HIBP_ENABLED: z.boolean().refine((on) => !on, ADVISOR_MESSAGES.leakedPasswordProtectionUnavailable),
    PASSWORD_REQUIRED_CHARACTERS: z.enum(PASSWORD_REQUIREMENTS, 'Choose one of the password requirements'),
    MFA_TOTP_ENROLL_ENABLED: z.boolean(),
    MFA_TOTP_VERIFY_ENABLED: z.boolean(),
    MFA_PHONE_ENROLL_ENABLED: z.boolean(),
    MFA_PHONE_VERIFY_ENABLED: z.boolean(),
    MFA_MAX_ENROLLED_FACTORS: count('Maximum enrolled factors', 1, 20),
    MFA_WEB_AUTHN_ENROLL_ENABLED: z.boolean(),
    MFA_WEB_AUTHN_VERIFY_ENABLED: z.boolean(),
    PASSKEY_ENABLED: z.boolean(),
    WEBAUTHN_RP_ID: z
      .string()
      .trim()
      .toLowerCase()
      .refine((id) => id === '' || RP_ID.test(id), 'Relying party ID must be a host name such as example.com')
      .nullable(),
    WEBAUTHN_RP_ORIGINS: z
      .string()
      .trim()
      .max(2048, 'Relying party origins must be at most 2048 characters')
      .refine(
        (origins) => origins === '' || origins.split(',').every((origin) => isOrigin(origin.trim())),
        'Relying party origins must be comma-separated origins such as https://example.com',
      )
      .nullable(),
    WEBAUTHN_RP_DISPLAY_NAME: optionalText('Relying party name', 255),
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
    // GoTrue's and the hosted dashboard's "sign-ups and sign-ins" limit, despite its name.
    RATE_LIMIT_OTP: count('Sign-ups and sign-ins per 5 minutes', 1, 100_000),
    SITE_URL: z
      .string('Site URL must be a valid URL')
      .trim()
      .max(2048, 'Site URL must be at most 2048 characters')
      .refine(isHttpUrl, 'Site URL must be a valid URL'),
    URI_ALLOW_LIST: uriAllowList,
    JWT_EXP: count('JWT expiry', 30, 604_800),
    DISABLE_SIGNUP: z.boolean(),
    EXTERNAL_EMAIL_ENABLED: z.boolean(),
    EXTERNAL_ANONYMOUS_USERS_ENABLED: z.boolean(),
    MAILER_AUTOCONFIRM: z.boolean(),
    MAILER_OTP_LENGTH: count('Email OTP length', 6, 10),
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: z.boolean(),
    RATE_LIMIT_ANONYMOUS_USERS: count('Anonymous sign-ins per hour', 1, 100_000),
    MAILER_SUBJECTS_CONFIRMATION: optionalText('Confirmation email subject', 255),
    MAILER_TEMPLATES_CONFIRMATION_CONTENT: optionalText('Confirmation email body', 100_000),
    MAILER_SUBJECTS_RECOVERY: optionalText('Password reset email subject', 255),
    MAILER_TEMPLATES_RECOVERY_CONTENT: optionalText('Password reset email body', 100_000),
    MAILER_SUBJECTS_MAGIC_LINK: optionalText('Magic link email subject', 255),
    MAILER_TEMPLATES_MAGIC_LINK_CONTENT: optionalText('Magic link email body', 100_000),
    MAILER_SUBJECTS_EMAIL_CHANGE: optionalText('Email change email subject', 255),
    MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT: optionalText('Email change email body', 100_000),
    MAILER_SUBJECTS_INVITE: optionalText('Invitation email subject', 255),
    MAILER_TEMPLATES_INVITE_CONTENT: optionalText('Invitation email body', 100_000),
    MAILER_SUBJECTS_REAUTHENTICATION: optionalText('Reauthentication email subject', 255),
    MAILER_TEMPLATES_REAUTHENTICATION_CONTENT: optionalText('Reauthentication email body', 100_000),
    SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: z.boolean(),
    HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: z.boolean(),
    HOOK_CUSTOM_ACCESS_TOKEN_URI: hookUri,
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED: z.boolean(),
    HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: hookUri,
    HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: z.boolean(),
    HOOK_MFA_VERIFICATION_ATTEMPT_URI: hookUri,
    HOOK_BEFORE_USER_CREATED_ENABLED: z.boolean(),
    HOOK_BEFORE_USER_CREATED_URI: hookUri,
    HOOK_SEND_EMAIL_ENABLED: z.boolean(),
    HOOK_SEND_EMAIL_URI: hookUri,
    SECURITY_MANUAL_LINKING_ENABLED: z.boolean(),
    ...providerUpdateShape(),
  })
  .partial()
  .meta({ id: 'UpdateAuthConfigBody' });
export type UpdateAuthConfigBody = z.infer<typeof UpdateAuthConfigBody>;
