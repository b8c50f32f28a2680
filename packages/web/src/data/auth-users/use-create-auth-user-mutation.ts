import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser, CreateAuthUserBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface CreateAuthUserVariables extends CreateAuthUserBody {
  ref: string;
}

export function createAuthUser({ ref, ...body }: CreateAuthUserVariables): Promise<AuthUser> {
  return api.POST('/api/platform/auth/{ref}/users', { path: projectRef(ref), body });
}

export function useCreateAuthUserMutation({ onSuccess, onError, ...options }: MutationHookOptions<AuthUser, CreateAuthUserVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuthUser,
    async onSuccess(user, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(`Created user ${user.email ?? variables.email}`);
      await onSuccess?.(user, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to create user: ${error.message}`);
    },
    ...options,
  });
}
