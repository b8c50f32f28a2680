import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITATION_MESSAGES } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { organizationKeys } from '../organizations/keys';
import { invitationKeys } from './keys';

export function acceptInvitation({ id }: { id: string }): Promise<Organization> {
  return api.POST('/api/platform/profile/invitations/{id}/accept', { path: { id } });
}

export function useAcceptInvitationMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Organization, { id: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    async onSuccess(organization, ...rest) {
      queryClient.setQueryData(organizationKeys.detail(organization.slug), organization);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.mine() }),
      ]);
      toast.success(INVITATION_MESSAGES.accepted(organization.name));
      await onSuccess?.(organization, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(INVITATION_MESSAGES.acceptFailed(error.message));
    },
    ...options,
  });
}
