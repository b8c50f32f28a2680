import { z } from 'zod';

/**
 * The project's Vault (Settings → Vault, `/platform/projects/{ref}/vault/secrets`): secrets kept
 * encrypted in the project's own `vault.secrets`, made and changed through `vault.create_secret`
 * and `vault.update_secret` and read decrypted from `vault.decrypted_secrets`, as on Supabase.
 * The list never carries a value; the decrypted one comes alone, on request.
 */

export const VAULT_SECRET_NAME_MAX_LENGTH = 255;
export const VAULT_DESCRIPTION_MAX_LENGTH = 1000;
/** Characters of one secret's value: API keys, tokens, certificates; not files. */
export const VAULT_SECRET_MAX_LENGTH = 16_384;

export const VaultSecretName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(VAULT_SECRET_NAME_MAX_LENGTH, `Name must be at most ${VAULT_SECRET_NAME_MAX_LENGTH} characters`);

export const VaultSecretValue = z
  .string()
  .min(1, 'Secret value is required')
  .max(VAULT_SECRET_MAX_LENGTH, `The secret must be at most ${VAULT_SECRET_MAX_LENGTH} characters`);

export const VaultSecretDescription = z
  .string()
  .trim()
  .max(VAULT_DESCRIPTION_MAX_LENGTH, `Description must be at most ${VAULT_DESCRIPTION_MAX_LENGTH} characters`);

/** One row of vault.secrets without its value. Secrets made in SQL may have no name. */
export const VaultSecret = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'VaultSecret' });
export type VaultSecret = z.infer<typeof VaultSecret>;

export const CreateVaultSecretBody = z
  .object({
    name: VaultSecretName,
    description: VaultSecretDescription.default(''),
    secret: VaultSecretValue,
  })
  .meta({ id: 'CreateVaultSecretBody' });
export type CreateVaultSecretBody = z.input<typeof CreateVaultSecretBody>;

/** What to change; a field left out keeps its value (vault.update_secret's nulls). */
export const UpdateVaultSecretBody = z
  .object({
    name: VaultSecretName.optional(),
    description: VaultSecretDescription.optional(),
    secret: VaultSecretValue.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change')
  .meta({ id: 'UpdateVaultSecretBody' });
export type UpdateVaultSecretBody = z.infer<typeof UpdateVaultSecretBody>;

export const DecryptedVaultSecret = z
  .object({
    id: z.uuid(),
    /** Null when the row cannot be decrypted with the project's key (written under another key, or changed). */
    decrypted_secret: z.string().nullable(),
  })
  .meta({ id: 'DecryptedVaultSecret' });
export type DecryptedVaultSecret = z.infer<typeof DecryptedVaultSecret>;

export const VaultSecretId = z.uuid('Secret id must be a UUID');
