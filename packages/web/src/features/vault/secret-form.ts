import { z } from 'zod';
import {
  type CreateVaultSecretBody,
  type UpdateVaultSecretBody,
  VAULT_SECRET_MAX_LENGTH,
  VaultSecretDescription,
  VaultSecretName,
  type VaultSecret,
} from '@basin/core/schemas';

/** The add and edit dialog's fields; when editing, an empty value keeps the stored one. */
export const SecretFormSchema = z.object({
  name: VaultSecretName,
  description: VaultSecretDescription,
  secret: z.string().max(VAULT_SECRET_MAX_LENGTH, `The secret must be at most ${VAULT_SECRET_MAX_LENGTH} characters`),
});
export type SecretForm = z.infer<typeof SecretFormSchema>;

export const secretFormDefaults = (secret?: VaultSecret): SecretForm => ({
  name: secret?.name ?? '',
  description: secret?.description ?? '',
  secret: '',
});

export const createBody = (form: SecretForm): CreateVaultSecretBody => ({
  name: form.name,
  description: form.description,
  secret: form.secret,
});

/** Only what changed; the value only when one was typed. */
export function updateBody(form: SecretForm, secret: VaultSecret): UpdateVaultSecretBody {
  return {
    ...(form.name !== secret.name ? { name: form.name } : {}),
    ...(form.description !== secret.description ? { description: form.description } : {}),
    ...(form.secret ? { secret: form.secret } : {}),
  };
}
