import { z } from 'zod';

/**
 * Personal access tokens: what the Supabase CLI sends as `Authorization: Bearer sbp_...` to the
 * management API (/v1). The CLI checks the shape itself before sending: `sbp_` and 40 lower-case
 * hexadecimal characters (160 random bits).
 */
export const ACCESS_TOKEN_PREFIX = 'sbp_';
export const ACCESS_TOKEN_PATTERN = /^sbp_[0-9a-f]{40}$/;
/** How much of a token is kept in clear, to tell tokens apart in lists: `sbp_` and 6 hex digits. */
export const ACCESS_TOKEN_ALIAS_LENGTH = ACCESS_TOKEN_PREFIX.length + 6;
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 64;
export const ACCESS_TOKEN_MAX_EXPIRY_DAYS = 365;
/** The expiries the dashboard offers (the API takes any whole number of days up to the maximum). */
export const ACCESS_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;

export const AccessTokenId = z.uuid('Access token id must be a UUID');

export const AccessTokenName = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(ACCESS_TOKEN_NAME_MAX_LENGTH, `Name must be at most ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters`);

/** A token as lists show it: never the token itself, only its first characters (`token_alias`). */
export const AccessToken = z
  .object({
    id: AccessTokenId,
    name: z.string(),
    token_alias: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof AccessToken>;

/** The answer to a creation: the only time the token itself is shown. */
export const CreatedAccessToken = AccessToken.extend({ token: z.string() }).meta({ id: 'CreatedAccessToken' });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;

export const CreateAccessTokenBody = z
  .object({
    name: AccessTokenName,
    /** Days until the token stops working; absent or null: it never expires. */
    expires_in_days: z
      .int('Expiry must be a whole number of days')
      .min(1, 'Expiry must be at least 1 day')
      .max(ACCESS_TOKEN_MAX_EXPIRY_DAYS, `Expiry must be at most ${ACCESS_TOKEN_MAX_EXPIRY_DAYS} days`)
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'CreateAccessTokenBody' });
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBody>;
