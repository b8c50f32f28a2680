import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADDON_MESSAGES } from '@basin/core';
import type { ProjectAddonsResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from '../projects/keys';
import { addonKeys } from './keys';

/**
 * Choosing or removing a compute add-on starts a resize: the answer (the add-ons with the new
 * size) goes into the cache, and the project is refetched so the layout shows it RESIZING.
 */
export function useAddonChangeMutation<TVariables extends { ref: string }>(
  call: (variables: TVariables) => Promise<ProjectAddonsResponse>,
  { onSuccess, onError, ...options }: MutationHookOptions<ProjectAddonsResponse, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    async onSuccess(addons, variables, ...rest) {
      queryClient.setQueryData(addonKeys.list(variables.ref), addons);
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.ref), exact: true });
      await onSuccess?.(addons, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(ADDON_MESSAGES.updateFailed(error.message));
    },
    ...options,
  });
}
