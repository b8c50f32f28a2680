import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { requireIdentifier } from '@basin/core';
import type { InviteMemberBody, Member } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { memberKeys } from './keys';

export interface InviteMemberVariables extends InviteMemberBody {
  slug: string;
}

export function inviteMember({ slug, ...body }: InviteMemberVariables): Promise<Member> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return fetcher<Member>(`/api/platform/organizations/${encodeURIComponent(orgSlug)}/members`, {
    method: 'POST',
    body,
  });
}

export function useInviteMemberMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Member, InviteMemberVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    async onSuccess(member, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: memberKeys.list(variables.slug) });
      toast.success(`Added ${member.email} as ${member.role}`);
      await onSuccess?.(member, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to invite member: ${error.message}`);
    },
    ...options,
  });
}
