import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VAULT_MESSAGES } from '@basin/core';
import type { CreateVaultSecretBody, UpdateVaultSecretBody, VaultSecret } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { vaultKeys } from './keys';
import { projectRef } from '../project-path';

/** A vault change: the list (and any value shown) is read again after it; a failure toasts unless the caller handles it. */
function useVaultMutation<TVariables>(
  ref: string | undefined,
  call: (variables: TVariables) => Promise<VaultSecret>,
  done: (secret: VaultSecret) => string,
  failed: (message: string) => string,
  { onSuccess, onError, ...options }: MutationHookOptions<VaultSecret, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    async onSuccess(secret, ...rest) {
      toast.success(done(secret));
      await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(ref) });
      await onSuccess?.(secret, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(failed(error.message));
    },
    ...options,
  });
}

const nameOf = (secret: VaultSecret) => secret.name ?? secret.id;

export function useCreateVaultSecretMutation(ref: string | undefined, options: MutationHookOptions<VaultSecret, CreateVaultSecretBody> = {}) {
  return useVaultMutation(
    ref,
    (body: CreateVaultSecretBody) => api.POST('/api/platform/projects/{ref}/vault/secrets', { path: projectRef(ref), body }),
    (secret) => VAULT_MESSAGES.created(nameOf(secret)),
    VAULT_MESSAGES.createFailed,
    options,
  );
}

export interface UpdateVaultSecretVariables {
  id: string;
  body: UpdateVaultSecretBody;
}

export function useUpdateVaultSecretMutation(ref: string | undefined, options: MutationHookOptions<VaultSecret, UpdateVaultSecretVariables> = {}) {
  return useVaultMutation(
    ref,
    ({ id, body }: UpdateVaultSecretVariables) => api.PATCH('/api/platform/projects/{ref}/vault/secrets/{id}', { path: { ...projectRef(ref), id }, body }),
    (secret) => VAULT_MESSAGES.updated(nameOf(secret)),
    VAULT_MESSAGES.updateFailed,
    options,
  );
}

export function useDeleteVaultSecretMutation(ref: string | undefined, options: MutationHookOptions<VaultSecret, { id: string }> = {}) {
  return useVaultMutation(
    ref,
    ({ id }: { id: string }) => api.DELETE('/api/platform/projects/{ref}/vault/secrets/{id}', { path: { ...projectRef(ref), id } }),
    (secret) => VAULT_MESSAGES.deleted(nameOf(secret)),
    VAULT_MESSAGES.deleteFailed,
    options,
  );
}
