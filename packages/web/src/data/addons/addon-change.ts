import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADDON_MESSAGES } from '@basin/core';
import type { ProjectAddonsResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import type { MutationHookOptions } from '../mutation-options';
import { backupKeys } from '../backups/keys';
import { projectKeys } from '../projects/keys';
import { addonKeys } from './keys';

/**
 * Choosing or removing an add-on starts a resize (compute) or a restart with or without WAL
 * archiving (PITR): the answer goes into the cache, and the project and its PITR status are
 * refetched so the layout shows it RESIZING or RESTARTING and the backups pages follow.
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.ref), exact: true }),
        queryClient.invalidateQueries({ queryKey: backupKeys.pitr(variables.ref) }),
      ]);
      await onSuccess?.(addons, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(ADDON_MESSAGES.updateFailed(error.message));
    },
    ...options,
  });
}
