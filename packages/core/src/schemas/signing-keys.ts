import { z } from 'zod';

/**
 * A project's JWT signing keys, as Supabase's management API names them
 * (`/v1/projects/{ref}/config/auth/signing-keys`). Access tokens are signed with the key `in_use`;
 * `standby` and `previously_used` keys still verify (and are published in the project's JWKS) so
 * a rotation ends no session; `revoked` keys verify nothing. The legacy shared secret (HS256) is
 * listed as a key too: the project's API keys are signed with it, so it always verifies.
 */
export const SIGNING_KEY_ALGORITHMS = ['ES256', 'RS256'] as const;
export const SIGNING_KEY_STATUSES = ['in_use', 'standby', 'previously_used', 'revoked'] as const;
export type SigningKeyAlgorithm = (typeof SIGNING_KEY_ALGORITHMS)[number];
export type SigningKeyStatus = (typeof SIGNING_KEY_STATUSES)[number];

/** The id the legacy shared secret is listed under. */
export const LEGACY_SIGNING_KEY_ID = 'legacy';

export const SigningKey = z
  .object({
    id: z.string(),
    algorithm: z.enum([...SIGNING_KEY_ALGORITHMS, 'HS256']),
    status: z.enum(SIGNING_KEY_STATUSES),
    /** The public half as a JWK (kid = id); null for the shared secret. */
    public_jwk: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SigningKey' });
export type SigningKey = z.infer<typeof SigningKey>;

export const SigningKeyList = z.object({ keys: z.array(SigningKey) }).meta({ id: 'SigningKeyList' });
export type SigningKeyList = z.infer<typeof SigningKeyList>;

export const CreateSigningKeyBody = z
  .strictObject({
    algorithm: z.enum(SIGNING_KEY_ALGORITHMS, 'The algorithm must be ES256 or RS256'),
    /** A new key waits in standby unless it is put in use at once. */
    status: z.enum(['standby', 'in_use'], 'A new key is either standby or in_use').optional(),
  })
  .meta({ id: 'CreateSigningKeyBody' });
export type CreateSigningKeyBody = z.infer<typeof CreateSigningKeyBody>;

export const UpdateSigningKeyBody = z
  .strictObject({ status: z.enum(SIGNING_KEY_STATUSES, 'The status must be in_use, standby, previously_used or revoked') })
  .meta({ id: 'UpdateSigningKeyBody' });
export type UpdateSigningKeyBody = z.infer<typeof UpdateSigningKeyBody>;

/** What the signing key routes and the Signing Keys page say. */
export const SIGNING_KEYS_MESSAGES = {
  notFound: 'Signing key not found',
  forbidden: 'You need additional permissions to change the signing keys',
  legacyRevoke: "The legacy JWT secret signs the project's anon and service_role keys: it cannot be revoked",
  legacyOnlyInUse: 'The legacy JWT secret can only be put back in use',
  revokeInUse: 'The key in use cannot be revoked: rotate to another key first',
  revokedIsFinal: 'A revoked key cannot be used again',
  deleteNotRevoked: 'Only a revoked key can be deleted',
  oneStandby: 'There is already a standby key: rotate to it or revoke it first',
} as const;
