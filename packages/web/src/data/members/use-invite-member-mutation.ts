import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { INVITATION_MESSAGES, requireIdentifier } from '@basin/core';
import type { Invitation, InviteMemberBody } from '@basin/core/schemas';
import { api } from '../fetcher';
import { invitationKeys } from '../invitations/keys';
import type { MutationHookOptions } from '../mutation-options';

export interface InviteMemberVariables extends InviteMemberBody {
  slug: string;
}

/** Creates (or renews) a pending invitation; the invitee joins once they accept it. */
export function inviteMember({ slug, ...body }: InviteMemberVariables): Promise<Invitation> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.POST('/api/platform/organizations/{slug}/members', { path: { slug: orgSlug }, body });
}

export function useInviteMemberMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Invitation, InviteMemberVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    async onSuccess(invitation, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: invitationKeys.list(variables.slug) });
      toast.success(INVITATION_MESSAGES.sent(invitation.email));
      await onSuccess?.(invitation, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(INVITATION_MESSAGES.inviteFailed(error.message));
    },
    ...options,
  });
}
