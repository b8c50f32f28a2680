import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSecretsBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { functionKeys } from './keys';

export interface SetSecretsVariables {
  ref: string;
  secrets: CreateSecretsBody;
}

export function setSecrets({ ref, secrets }: SetSecretsVariables): Promise<unknown> {
  return api.POST('/api/v1/projects/{ref}/secrets', { path: projectRef(ref), body: secrets });
}

/** Creates or replaces secrets; running functions read them from their next request on. */
export function useSetSecretsMutation({ onSuccess, onError, ...options }: MutationHookOptions<unknown, SetSecretsVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSecrets,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.secrets(variables.ref) });
      const count = variables.secrets.length;
      toast.success(count === 1 ? `Saved secret ${variables.secrets[0]?.name}` : `Saved ${count} secrets`);
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to save secrets: ${error.message}`);
    },
    ...options,
  });
}
