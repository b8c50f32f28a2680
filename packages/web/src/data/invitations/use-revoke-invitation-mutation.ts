import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITATION_MESSAGES, requireIdentifier } from '@basin/core';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { invitationKeys } from './keys';

export interface RevokeInvitationVariables {
  slug: string;
  id: string;
  /** For the toast. */
  email: string;
}

export function revokeInvitation({ slug, id }: RevokeInvitationVariables): Promise<unknown> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.DELETE('/api/platform/organizations/{slug}/invitations/{id}', { path: { slug: orgSlug, id } });
}

export function useRevokeInvitationMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<unknown, RevokeInvitationVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: invitationKeys.list(variables.slug) });
      toast.success(INVITATION_MESSAGES.revoked(variables.email));
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(INVITATION_MESSAGES.revokeFailed(error.message));
    },
    ...options,
  });
}
