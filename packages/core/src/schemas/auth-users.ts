import { z } from 'zod';

/**
 * A project's end users as the dashboard's Users page reads and manages them
 * (`/platform/auth/{ref}/users`, `/invite`, `/recover`). A user is the auth API's own user object
 * (auth-js's User): fields without a value are left out, as GoTrue leaves them out.
 */

export const AuthUserId = z.uuid('User id must be a UUID');

const timestamp = z.string().optional();
const metadata = z.record(z.string(), z.unknown());

export const AuthIdentity = z
  .object({
    identity_id: z.string(),
    id: z.string(),
    user_id: z.string(),
    identity_data: metadata.optional(),
    provider: z.string(),
    email: z.string().optional(),
    last_sign_in_at: z.string().nullable().optional(),
    created_at: z.string().nullable().optional(),
    updated_at: z.string().nullable().optional(),
  })
  .meta({ id: 'AuthIdentity' });
export type AuthIdentity = z.infer<typeof AuthIdentity>;

export const AuthFactorId = z.uuid('Factor id must be a UUID');

/** An MFA factor as the user object lists it (auth-js's Factor); Basin enrolls TOTP only. */
export const AuthFactor = z
  .object({
    id: z.string(),
    friendly_name: z.string().optional(),
    factor_type: z.enum(['totp', 'phone', 'webauthn']),
    status: z.enum(['verified', 'unverified']),
    created_at: z.string(),
    updated_at: z.string(),
    last_challenged_at: timestamp,
  })
  .meta({ id: 'AuthFactor' });
export type AuthFactor = z.infer<typeof AuthFactor>;

export const AuthPasskeyId = z.uuid('Passkey id must be a UUID');

/** A passkey a user signs in with (a first factor, unlike the factors), as the admin API lists them. */
export const AuthPasskey = z
  .object({ id: z.string(), friendly_name: z.string().optional(), created_at: z.string(), last_used_at: z.string().optional() })
  .meta({ id: 'AuthPasskey' });
export type AuthPasskey = z.infer<typeof AuthPasskey>;

export const AuthPasskeyList = z.object({ passkeys: z.array(AuthPasskey) }).meta({ id: 'AuthPasskeyList' });
export type AuthPasskeyList = z.infer<typeof AuthPasskeyList>;

export const AuthUser = z
  .object({
    id: z.string(),
    aud: z.string().optional(),
    role: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    email_confirmed_at: timestamp,
    phone_confirmed_at: timestamp,
    confirmation_sent_at: timestamp,
    confirmed_at: timestamp,
    recovery_sent_at: timestamp,
    new_email: z.string().optional(),
    email_change_sent_at: timestamp,
    invited_at: timestamp,
    last_sign_in_at: timestamp,
    app_metadata: metadata,
    user_metadata: metadata,
    identities: z.array(AuthIdentity),
    /** Absent when the user has none, as GoTrue leaves it out. */
    factors: z.array(AuthFactor).optional(),
    created_at: z.string(),
    updated_at: timestamp,
    banned_until: timestamp,
    deleted_at: timestamp,
    is_anonymous: z.boolean(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUser>;

export const AUTH_USERS_PAGE_SIZE = 50;
export const AUTH_USERS_MAX_PAGE_SIZE = 100;
export const AUTH_USERS_KEYWORDS_MAX_LENGTH = 200;

export const AuthUsersQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(1_000_000, 'page must be at most 1000000').default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUTH_USERS_MAX_PAGE_SIZE, `per_page must be at most ${AUTH_USERS_MAX_PAGE_SIZE}`)
    .default(AUTH_USERS_PAGE_SIZE),
  /** Part of an email, phone or user id, matched case-insensitively. */
  keywords: z
    .string()
    .max(AUTH_USERS_KEYWORDS_MAX_LENGTH, `Search text must be at most ${AUTH_USERS_KEYWORDS_MAX_LENGTH} characters`)
    .optional(),
});
export type AuthUsersQuery = z.infer<typeof AuthUsersQuery>;

export const AuthUsersResponse = z
  .object({
    users: z.array(AuthUser),
    /** Users matching the search, over all pages. */
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /**
     * Whether auth emails (invitations, recovery) are sent: the project has its own SMTP server
     * or the platform has BASIN_SMTP_URL. Without, links are made with the admin API's
     * generateLink instead.
     */
    mail_configured: z.boolean(),
  })
  .meta({ id: 'AuthUsersResponse' });
export type AuthUsersResponse = z.infer<typeof AuthUsersResponse>;

const email = z.email('Enter a valid email address').max(255, 'Email must be at most 255 characters');

/** bcrypt reads 72 bytes; the project's own password rules are checked by the server. */
export const AUTH_USER_PASSWORD_MAX_LENGTH = 72;

export const CreateAuthUserBody = z
  .object({
    email,
    password: z
      .string()
      .min(1, 'Password is required')
      .max(AUTH_USER_PASSWORD_MAX_LENGTH, `Password must be at most ${AUTH_USER_PASSWORD_MAX_LENGTH} characters`),
    /** Confirmed at once: the user signs in without following a confirmation link. */
    autoConfirm: z.boolean().default(true),
  })
  .meta({ id: 'CreateAuthUserBody' });
export type CreateAuthUserBody = z.input<typeof CreateAuthUserBody>;

/** A duration as the auth API reads it (Go's: '24h', '90m', '2h45m'), or 'none' to lift a ban. */
export const BanDuration = z
  .string()
  .regex(/^(none|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+)$/, "Ban duration must be like '24h', '90m' or 'none'");

export const UpdateAuthUserBody = z.object({ ban_duration: BanDuration }).meta({ id: 'UpdateAuthUserBody' });
export type UpdateAuthUserBody = z.infer<typeof UpdateAuthUserBody>;

export const AuthUserEmailBody = z.object({ email }).meta({ id: 'AuthUserEmailBody' });
export type AuthUserEmailBody = z.infer<typeof AuthUserEmailBody>;

export const AuthRecoverResponse = z.object({ email: z.string(), mail_configured: z.boolean() }).meta({ id: 'AuthRecoverResponse' });
export type AuthRecoverResponse = z.infer<typeof AuthRecoverResponse>;
