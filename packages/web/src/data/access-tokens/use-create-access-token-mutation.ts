import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_MESSAGES } from '@basin/core';
import type { AccessToken, CreateAccessTokenBody, CreatedAccessToken } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { accessTokenKeys } from './keys';

export function createAccessToken(body: CreateAccessTokenBody): Promise<CreatedAccessToken> {
  return api.POST('/api/platform/profile/access-tokens', { body });
}

/** Generates a token; the answer holds the token itself, which is never shown again. */
export function useCreateAccessTokenMutation({ onSuccess, onError, ...options }: MutationHookOptions<CreatedAccessToken, CreateAccessTokenBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    async onSuccess(created, ...rest) {
      // The list keeps the alias only: the token stays in the dialog that shows it once.
      const { token: _shownOnce, ...listed } = created;
      queryClient.setQueryData<AccessToken[]>(accessTokenKeys.list(), (list) => (list ? [listed, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() });
      toast.success(ACCESS_TOKEN_MESSAGES.created(created.name));
      await onSuccess?.(created, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(ACCESS_TOKEN_MESSAGES.createFailed(error.message));
    },
    ...options,
  });
}
