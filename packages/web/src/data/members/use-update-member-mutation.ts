import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { requireIdentifier } from '@basin/core';
import type { Member, UpdateMemberBody } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { organizationKeys } from '../organizations/keys';
import { memberKeys } from './keys';

export interface UpdateMemberVariables extends UpdateMemberBody {
  slug: string;
  userId: string;
}

export function updateMember({ slug, userId, ...body }: UpdateMemberVariables): Promise<Member> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.PATCH('/api/platform/organizations/{slug}/members/{user_id}', { path: { slug: orgSlug, user_id: userId }, body });
}

export function useUpdateMemberMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Member, UpdateMemberVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    async onSuccess(member, variables, ...rest) {
      // The signed-in user's own role may have changed: the organization carries it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.list(variables.slug) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(variables.slug), exact: true }),
      ]);
      toast.success(`Changed the role of ${member.email} to ${member.role}`);
      await onSuccess?.(member, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to update member: ${error.message}`);
    },
    ...options,
  });
}
