import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface DeleteAuthUserVariables {
  ref: string;
  id: string;
  /** For the toast. */
  label: string;
}

export function deleteAuthUser({ ref, id }: DeleteAuthUserVariables): Promise<AuthUser> {
  return api.DELETE('/api/platform/auth/{ref}/users/{id}', { path: { ...projectRef(ref), id } });
}

export function useDeleteAuthUserMutation({ onSuccess, onError, ...options }: MutationHookOptions<AuthUser, DeleteAuthUserVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthUser,
    async onSuccess(user, variables, ...rest) {
      queryClient.removeQueries({ queryKey: authUserKeys.detail(variables.ref, variables.id) });
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(`Deleted ${variables.label}`);
      await onSuccess?.(user, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete user: ${error.message}`);
    },
    ...options,
  });
}
