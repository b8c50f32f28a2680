import type { ComponentType, ReactNode } from 'react';
import {
  ADVISOR_MESSAGES,
  AUTH_EMAIL_KINDS,
  AUTH_EMAIL_LABELS,
  DEFAULT_AUTH_EMAIL_TEMPLATES,
  OAUTH_PROVIDERS,
  type AuthEmailKind,
} from '@basin/core';
import { PASSWORD_REQUIREMENTS, type AuthConfig, type UpdateAuthConfigBody } from '@basin/core/schemas';

export type AuthFieldKey = keyof UpdateAuthConfigBody;

interface FieldBase {
  key: AuthFieldKey;
  label: string;
  description?: ReactNode;
}

export type AuthField =
  | (FieldBase & { kind: 'number' | 'url-list' })
  /** `setKey`: the setting saying a value is stored (never answered itself), shown in the empty control. */
  | (FieldBase & { kind: 'password'; setKey?: keyof AuthConfig })
  /**
   * `inverted`: the box shows the opposite of the stored setting, for settings named after what
   * they turn off (checked 'Confirm email' stores MAILER_AUTOCONFIRM false).
   */
  | (FieldBase & { kind: 'boolean'; inverted?: boolean })
  /** `defaultValue`: shown while the setting is null, and stored as null again when left as is. */
  | (FieldBase & { kind: 'text' | 'textarea'; defaultValue?: string; placeholder?: string })
  | (FieldBase & { kind: 'select'; options: { value: string; label: string }[] })
  /** Shown switched off and never sent: the setting cannot be turned on (`reason` says why). */
  | (FieldBase & { kind: 'unavailable'; reason: string });

/** One card of a settings page, saved on its own. */
export interface AuthSection {
  title?: string;
  description?: ReactNode;
  fields: AuthField[];
  /** A button that sets these settings back to null (their defaults) at once. */
  reset?: { label: string; keys: AuthFieldKey[] };
  /** A heading above the card, for the first of a group of sections. */
  heading?: string;
  /** Shown in the card below its fields (the callback URL of a provider). */
  Note?: ComponentType;
  /** Shown folded, its fields a click away, with this setting as its Enabled or Disabled badge. */
  statusKey?: keyof AuthConfig;
}

const REQUIREMENT_LABELS: Record<(typeof PASSWORD_REQUIREMENTS)[number], string> = {
  '': 'No required characters',
  letters_digits: 'Letters and digits',
  lower_upper_letters_digits: 'Lowercase, uppercase letters and digits',
  lower_upper_letters_digits_symbols: 'Lowercase, uppercase letters, digits and symbols',
};

export const EMAIL_SECTIONS: AuthSection[] = [
  {
    title: 'Email provider',
    fields: [
      {
        key: 'EXTERNAL_EMAIL_ENABLED',
        label: 'Enable email provider',
        kind: 'boolean',
        description: 'Users can sign up and sign in with their email address.',
      },
      {
        key: 'MAILER_AUTOCONFIRM',
        label: 'Confirm email',
        kind: 'boolean',
        inverted: true,
        description: 'Users must confirm their email address before they can sign in. Off: they are signed in as soon as they sign up.',
      },
      {
        key: 'MAILER_SECURE_EMAIL_CHANGE_ENABLED',
        label: 'Secure email change',
        kind: 'boolean',
        description: 'A new email address must be confirmed from both the old and the new address.',
      },
      {
        key: 'SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION',
        label: 'Secure password change',
        kind: 'boolean',
        description:
          'A user signed in more than a day ago changes their password only with the code of a reauthentication email (supabase.auth.reauthenticate()).',
      },
      { key: 'MAILER_OTP_LENGTH', label: 'Email OTP length', kind: 'number', description: 'Digits in the code of an auth email, 6 to 10.' },
      {
        key: 'MAILER_OTP_EXP',
        label: 'Email OTP expiration (seconds)',
        kind: 'number',
        description: 'How long an email link or code stays valid. The advisors warn above 3600 seconds.',
      },
      { key: 'SMS_OTP_LENGTH', label: 'SMS OTP length', kind: 'number', description: 'Digits in an SMS code; 6 or more is recommended.' },
    ],
  },
  {
    title: 'User signups',
    fields: [
      {
        key: 'DISABLE_SIGNUP',
        label: 'Allow new users to sign up',
        kind: 'boolean',
        inverted: true,
        description: 'Off: only existing users can sign in, and new ones must be invited.',
      },
      {
        key: 'EXTERNAL_ANONYMOUS_USERS_ENABLED',
        label: 'Allow anonymous sign-ins',
        kind: 'boolean',
        description: 'Visitors can get a session without an email address (signInAnonymously); they have the authenticated role.',
      },
    ],
  },
  {
    title: 'Passwords',
    fields: [
      {
        key: 'PASSWORD_MIN_LENGTH',
        label: 'Minimum password length',
        kind: 'number',
        description: 'At least 8 characters is recommended.',
      },
      {
        key: 'PASSWORD_REQUIRED_CHARACTERS',
        label: 'Password requirements',
        kind: 'select',
        options: PASSWORD_REQUIREMENTS.map((value) => ({ value, label: REQUIREMENT_LABELS[value] })),
      },
      {
        key: 'PASSWORD_HIBP_ENABLED',
        label: 'Leaked password protection',
        kind: 'unavailable',
        reason: ADVISOR_MESSAGES.leakedPasswordProtectionUnavailable,
      },
    ],
  },
];

export const URL_CONFIGURATION_SECTIONS: AuthSection[] = [
  {
    title: 'Site URL',
    fields: [
      {
        key: 'SITE_URL',
        label: 'Site URL',
        kind: 'text',
        description:
          'Where users land after confirming their email or resetting their password when no redirect URL is given; {{ .SiteURL }} in the emails.',
      },
    ],
  },
  {
    title: 'Redirect URLs',
    description:
      'Besides the Site URL, the URLs a sign-in may send users back to (the redirectTo option). Wildcards are allowed: * within a host name part or path segment, ** across them, as in https://*-acme.vercel.app/**.',
    fields: [{ key: 'URI_ALLOW_LIST', label: 'Redirect URLs', kind: 'url-list' }],
  },
  {
    title: 'Access tokens',
    fields: [
      {
        key: 'JWT_EXP',
        label: 'JWT expiry (seconds)',
        kind: 'number',
        description: 'How long an access token of the auth API stays valid before the client refreshes it, 30 to 604800 seconds.',
      },
    ],
  },
];

const TEMPLATE_KEYS: Record<AuthEmailKind, { subject: AuthFieldKey; content: AuthFieldKey }> = {
  confirmation: { subject: 'MAILER_SUBJECTS_CONFIRMATION', content: 'MAILER_TEMPLATES_CONFIRMATION_CONTENT' },
  recovery: { subject: 'MAILER_SUBJECTS_RECOVERY', content: 'MAILER_TEMPLATES_RECOVERY_CONTENT' },
  magic_link: { subject: 'MAILER_SUBJECTS_MAGIC_LINK', content: 'MAILER_TEMPLATES_MAGIC_LINK_CONTENT' },
  email_change: { subject: 'MAILER_SUBJECTS_EMAIL_CHANGE', content: 'MAILER_TEMPLATES_EMAIL_CHANGE_CONTENT' },
  invite: { subject: 'MAILER_SUBJECTS_INVITE', content: 'MAILER_TEMPLATES_INVITE_CONTENT' },
  reauthentication: { subject: 'MAILER_SUBJECTS_REAUTHENTICATION', content: 'MAILER_TEMPLATES_REAUTHENTICATION_CONTENT' },
};

const EMAIL_PURPOSES: Record<AuthEmailKind, string> = {
  confirmation: 'Sent when a user signs up, to confirm their email address.',
  recovery: 'Sent when a user asks to reset their password.',
  magic_link: 'Sent when a user signs in with a link or code instead of a password.',
  email_change: 'Sent when a user changes their email address.',
  invite: 'Sent when you invite a user who has no account yet.',
  reauthentication: 'Sent when a signed-in user must confirm it is them, for a secure password change. It has a code and no link.',
};

export const EMAIL_TEMPLATE_SECTIONS: AuthSection[] = AUTH_EMAIL_KINDS.map((kind) => {
  const keys = TEMPLATE_KEYS[kind];
  const defaults = DEFAULT_AUTH_EMAIL_TEMPLATES[kind];
  return {
    title: AUTH_EMAIL_LABELS[kind],
    description: EMAIL_PURPOSES[kind],
    fields: [
      { key: keys.subject, label: 'Subject', kind: 'text', defaultValue: defaults.subject },
      { key: keys.content, label: 'Body (HTML)', kind: 'textarea', defaultValue: defaults.content },
    ],
    reset: { label: 'Reset to default', keys: [keys.subject, keys.content] },
  };
});

export const MFA_SECTIONS: AuthSection[] = [
  {
    title: 'Second factors',
    fields: [
      { key: 'MFA_TOTP_ENROLL_ENABLED', label: 'Authenticator app (TOTP) enrollment', kind: 'boolean' },
      { key: 'MFA_TOTP_VERIFY_ENABLED', label: 'Authenticator app (TOTP) verification', kind: 'boolean' },
      {
        key: 'MFA_WEB_AUTHN_ENROLL_ENABLED',
        label: 'Security key (WebAuthn) enrollment',
        kind: 'boolean',
        description: 'Users can register a security key or a device’s built-in authenticator as a second factor.',
      },
      { key: 'MFA_WEB_AUTHN_VERIFY_ENABLED', label: 'Security key (WebAuthn) verification', kind: 'boolean' },
      { key: 'MFA_PHONE_ENROLL_ENABLED', label: 'Phone enrollment', kind: 'boolean' },
      { key: 'MFA_PHONE_VERIFY_ENABLED', label: 'Phone verification', kind: 'boolean' },
      { key: 'MFA_MAX_ENROLLED_FACTORS', label: 'Maximum enrolled factors per user', kind: 'number' },
    ],
  },
  {
    title: 'Passkeys',
    fields: [
      {
        key: 'PASSKEY_ENABLED',
        label: 'Sign in with a passkey',
        kind: 'boolean',
        description: 'Signed-in users can register passkeys, then sign in with one instead of a password.',
      },
    ],
  },
  {
    title: 'WebAuthn relying party',
    description: 'Who security keys and passkeys are registered for. Changing the ID makes every registered key unusable.',
    fields: [
      {
        key: 'WEBAUTHN_RP_ID',
        label: 'Relying party ID',
        kind: 'text',
        description: 'A host name, such as example.com. Empty: the site URL’s host.',
      },
      {
        key: 'WEBAUTHN_RP_ORIGINS',
        label: 'Allowed origins',
        kind: 'text',
        description: 'Comma-separated origins your app runs on, such as https://app.example.com. Empty: the site URL’s origin.',
      },
      {
        key: 'WEBAUTHN_RP_DISPLAY_NAME',
        label: 'Display name',
        kind: 'text',
        description: 'Shown by the browser. Empty: the project’s name.',
      },
    ],
  },
];

/** Labels as core's validation messages name them; the windows are those the auth API counts in (gotrue/rate-limits.ts). */
export const RATE_LIMIT_FIELDS: AuthField[] = [
  {
    key: 'RATE_LIMIT_OTP',
    label: 'Sign-ups and sign-ins per 5 minutes',
    kind: 'number',
    description:
      'Per client address, each on its own: email sign-ups, password sign-ins, and magic link or code requests (anonymous sign-ins have their own limit). Password sign-ins are also counted per account, from all addresses together.',
  },
  {
    key: 'RATE_LIMIT_TOKEN_REFRESH',
    label: 'Token refreshes per 5 minutes',
    kind: 'number',
    description: 'Per client address: sessions refreshed.',
  },
  {
    key: 'RATE_LIMIT_VERIFY',
    label: 'Verifications per 5 minutes',
    kind: 'number',
    description: 'Per client address: email links and codes checked.',
  },
  { key: 'RATE_LIMIT_ANONYMOUS_USERS', label: 'Anonymous sign-ins per hour', kind: 'number', description: 'Per client address.' },
  {
    key: 'RATE_LIMIT_EMAIL_SENT',
    label: 'Emails per hour',
    kind: 'number',
    description: 'Auth emails the project may send in an hour, to all recipients together.',
  },
  { key: 'RATE_LIMIT_SMS_SENT', label: 'SMS per hour', kind: 'number', description: 'Kept for Supabase clients: Basin sends no SMS.' },
];

const FUNCTION_DESCRIPTION =
  'As pg-functions://postgres/public/my_hook: it takes and answers jsonb. Grant execute on it to supabase_auth_admin.';

/** One card per hook: on or off, and its Postgres function. */
const hookSection = (title: string, description: string, enabled: AuthFieldKey, uri: AuthFieldKey): AuthSection => ({
  title,
  description,
  fields: [
    { key: enabled, label: `Enable ${title} hook`, kind: 'boolean' },
    { key: uri, label: 'Postgres function', kind: 'text', description: FUNCTION_DESCRIPTION },
  ],
});

export const HOOK_SECTIONS: AuthSection[] = [
  hookSection(
    'Customize Access Token (JWT) Claims',
    'Before every access token is issued, the function gets its claims and answers the ones to sign.',
    'HOOK_CUSTOM_ACCESS_TOKEN_ENABLED',
    'HOOK_CUSTOM_ACCESS_TOKEN_URI',
  ),
  hookSection(
    'Password Verification Attempt',
    'After each password check, the function may reject the sign-in, and sign the user out everywhere.',
    'HOOK_PASSWORD_VERIFICATION_ATTEMPT_ENABLED',
    'HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI',
  ),
  hookSection(
    'MFA Verification Attempt',
    'After each MFA code check, the function may reject the attempt, which signs the user out everywhere.',
    'HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED',
    'HOOK_MFA_VERIFICATION_ATTEMPT_URI',
  ),
  hookSection(
    'Before User Created',
    'Before a user signs up, signs in anonymously or is invited, the function sees the new user and may refuse with an error. Users made with the admin API skip it.',
    'HOOK_BEFORE_USER_CREATED_ENABLED',
    'HOOK_BEFORE_USER_CREATED_URI',
  ),
  hookSection(
    'Send Email',
    'Instead of sending an auth email, Basin hands its codes and hashes to the function, which delivers it: nothing goes to SMTP or the Mailbox.',
    'HOOK_SEND_EMAIL_ENABLED',
    'HOOK_SEND_EMAIL_URI',
  ),
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

/** Manual linking, then each OAuth provider's card: a page's `Note` shows the callback URL to register. */
export function providerSections(Note: ComponentType): AuthSection[] {
  return [
    {
      heading: 'Third-party providers',
      title: 'Identity linking',
      fields: [
        {
          key: 'SECURITY_MANUAL_LINKING_ENABLED',
          label: 'Allow manual linking',
          kind: 'boolean',
          description: 'Signed-in users may link and unlink provider identities themselves (linkIdentity, unlinkIdentity).',
        },
      ],
    },
    ...OAUTH_PROVIDERS.map((provider): AuthSection => {
      const setting = `EXTERNAL_${provider.key.toUpperCase()}` as const;
      const key = (suffix: string) => `${setting}_${suffix}` as AuthFieldKey;
      const fields: AuthField[] = [
        {
          key: key('ENABLED'),
          label: `Enable ${provider.label}`,
          kind: 'boolean',
          description: `signInWithOAuth({ provider: '${provider.name}' })`,
        },
        { key: key('CLIENT_ID'), label: 'Client ID', kind: 'text' },
        {
          key: key('SECRET'),
          label: 'Client secret',
          kind: 'password',
          setKey: `${setting}_SECRET_SET` as keyof AuthConfig,
          description: 'Write-only: leave empty to keep the stored secret.',
        },
      ];
      if (provider.url) {
        fields.push({
          key: key('URL'),
          label: provider.url.label,
          kind: 'text',
          placeholder: provider.url.placeholder,
          description: provider.url.description,
        });
      }
      return {
        title: provider.label,
        description: provider.idToken ? 'OpenID Connect: also signInWithIdToken.' : 'OAuth 2.0.',
        fields,
        Note,
        statusKey: `${setting}_ENABLED` as keyof AuthConfig,
      };
    }),
  ];
}
