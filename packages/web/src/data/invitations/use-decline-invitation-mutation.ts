import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITATION_MESSAGES } from '@basin/core';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { invitationKeys } from './keys';

export interface DeclineInvitationVariables {
  id: string;
  /** For the toast. */
  organizationName: string;
}

export function declineInvitation({ id }: DeclineInvitationVariables): Promise<unknown> {
  return api.POST('/api/platform/profile/invitations/{id}/decline', { path: { id } });
}

export function useDeclineInvitationMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<unknown, DeclineInvitationVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: invitationKeys.mine() });
      toast.success(INVITATION_MESSAGES.declined(variables.organizationName));
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(INVITATION_MESSAGES.declineFailed(error.message));
    },
    ...options,
  });
}
