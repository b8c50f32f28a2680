import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { functionKeys } from './keys';

export interface DeleteSecretsVariables {
  ref: string;
  names: string[];
}

export function deleteSecrets({ ref, names }: DeleteSecretsVariables): Promise<unknown> {
  return api.DELETE('/api/v1/projects/{ref}/secrets', { path: projectRef(ref), body: names });
}

export function useDeleteSecretsMutation({ onSuccess, onError, ...options }: MutationHookOptions<unknown, DeleteSecretsVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSecrets,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.secrets(variables.ref) });
      toast.success(variables.names.length === 1 ? `Deleted secret ${variables.names[0]}` : `Deleted ${variables.names.length} secrets`);
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete secrets: ${error.message}`);
    },
    ...options,
  });
}
