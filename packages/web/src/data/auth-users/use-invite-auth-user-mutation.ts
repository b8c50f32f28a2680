import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface InviteAuthUserVariables {
  ref: string;
  email: string;
}

export function inviteAuthUser({ ref, email }: InviteAuthUserVariables): Promise<AuthUser> {
  return api.POST('/api/platform/auth/{ref}/invite', { path: projectRef(ref), body: { email } });
}

/** Invites by email: the user is created and mailed a link to set a password. */
export function useInviteAuthUserMutation({ onSuccess, onError, ...options }: MutationHookOptions<AuthUser, InviteAuthUserVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAuthUser,
    async onSuccess(user, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(`Invited ${variables.email}`);
      await onSuccess?.(user, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to invite user: ${error.message}`);
    },
    ...options,
  });
}
