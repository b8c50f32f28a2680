import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface BanAuthUserVariables {
  ref: string;
  id: string;
  /** '24h' and the like bans, 'none' lifts the ban. */
  banDuration: string;
  /** For the toast. */
  label: string;
}

export function banAuthUser({ ref, id, banDuration }: BanAuthUserVariables): Promise<AuthUser> {
  return api.PATCH('/api/platform/auth/{ref}/users/{id}', { path: { ...projectRef(ref), id }, body: { ban_duration: banDuration } });
}

/** Bans or unbans a user. */
export function useUpdateAuthUserBanMutation({ onSuccess, onError, ...options }: MutationHookOptions<AuthUser, BanAuthUserVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banAuthUser,
    async onSuccess(user, variables, ...rest) {
      queryClient.setQueryData(authUserKeys.detail(variables.ref, variables.id), user);
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(variables.banDuration === 'none' ? `Unbanned ${variables.label}` : `Banned ${variables.label}`);
      await onSuccess?.(user, variables, ...rest);
    },
    async onError(error, variables, ...rest) {
      if (onError) await onError(error, variables, ...rest);
      else toast.error(`Failed to ${variables.banDuration === 'none' ? 'unban' : 'ban'} user: ${error.message}`);
    },
    ...options,
  });
}
