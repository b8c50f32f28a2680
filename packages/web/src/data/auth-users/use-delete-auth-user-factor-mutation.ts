import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface DeleteAuthUserFactorVariables {
  ref: string;
  id: string;
  factorId: string;
  /** For the toast: the factor's and the user's names. */
  factorLabel: string;
  userLabel: string;
}

/** Answers the user after, with the factors left. */
export function deleteAuthUserFactor({ ref, id, factorId }: DeleteAuthUserFactorVariables): Promise<AuthUser> {
  return api.DELETE('/api/platform/auth/{ref}/users/{id}/factors/{factorId}', { path: { ...projectRef(ref), id, factorId } });
}

/** Removes one of a user's MFA factors. */
export function useDeleteAuthUserFactorMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<AuthUser, DeleteAuthUserFactorVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthUserFactor,
    async onSuccess(user, variables, ...rest) {
      queryClient.setQueryData(authUserKeys.detail(variables.ref, variables.id), user);
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(`Removed MFA factor ${variables.factorLabel} from ${variables.userLabel}`);
      await onSuccess?.(user, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to remove MFA factor: ${error.message}`);
    },
    ...options,
  });
}
