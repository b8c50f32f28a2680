import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATABASE_SETTINGS_MESSAGES } from '@basin/core';
import type { ResetDatabasePasswordBody, ResetDatabasePasswordResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from './keys';

/** PATCH /platform/projects/{ref}/db-password: the project is read again, so every connection string shows the new password. */
export function useResetDatabasePasswordMutation(
  ref: string | undefined,
  { onSuccess, onError, ...options }: MutationHookOptions<ResetDatabasePasswordResponse, ResetDatabasePasswordBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetDatabasePasswordBody) =>
      api.PATCH('/api/platform/projects/{ref}/db-password', { path: projectRef(ref), body }),
    async onSuccess(answer, ...rest) {
      toast.success(DATABASE_SETTINGS_MESSAGES.resetDone);
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref), exact: true });
      await onSuccess?.(answer, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(DATABASE_SETTINGS_MESSAGES.resetFailed(error.message));
    },
    ...options,
  });
}
