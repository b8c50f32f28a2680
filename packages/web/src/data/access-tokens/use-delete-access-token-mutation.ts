import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_MESSAGES } from '@basin/core';
import type { AccessToken } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { accessTokenKeys } from './keys';

export function deleteAccessToken(id: string): Promise<AccessToken> {
  return api.DELETE('/api/platform/profile/access-tokens/{id}', { path: { id } });
}

/** Deletes a token: the CLI using it is refused from its next request on. */
export function useDeleteAccessTokenMutation({ onSuccess, onError, ...options }: MutationHookOptions<AccessToken, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccessToken,
    async onSuccess(deleted, ...rest) {
      queryClient.setQueryData<AccessToken[]>(accessTokenKeys.list(), (list) => list?.filter((token) => token.id !== deleted.id));
      toast.success(ACCESS_TOKEN_MESSAGES.deleted(deleted.name));
      await onSuccess?.(deleted, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(ACCESS_TOKEN_MESSAGES.deleteFailed(error.message));
    },
    ...options,
  });
}
