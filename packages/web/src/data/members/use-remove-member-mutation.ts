import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { requireIdentifier } from '@basin/core';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { memberKeys } from './keys';

export interface RemoveMemberVariables {
  slug: string;
  userId: string;
  /** For the toast. */
  email: string;
}

export function removeMember({ slug, userId }: RemoveMemberVariables): Promise<unknown> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.DELETE('/api/platform/organizations/{slug}/members/{user_id}', { path: { slug: orgSlug, user_id: userId } });
}

export function useRemoveMemberMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<unknown, RemoveMemberVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: memberKeys.list(variables.slug) });
      toast.success(`Removed ${variables.email}`);
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to remove member: ${error.message}`);
    },
    ...options,
  });
}
