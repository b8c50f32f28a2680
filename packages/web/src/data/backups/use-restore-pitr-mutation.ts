import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { PitrRestore, PitrStatusResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from '../projects/keys';
import { backupKeys } from './keys';

export interface RestorePitrVariables {
  ref: string;
  /** The second to restore to, in Unix seconds. */
  targetUnix: number;
}

/**
 * POST /platform/database/{ref}/backups/pitr → 202 with the running restore. It becomes the
 * status's latest restore at once, and the project is refetched to show it RESTORING, which starts
 * the polling. The server's refusals (outside the window, no permission) say what to do: toasted as they are.
 */
export function useRestorePitrMutation({ onSuccess, onError, ...options }: MutationHookOptions<PitrRestore, RestorePitrVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, targetUnix }: RestorePitrVariables) =>
      fetcher<PitrRestore>('/api/platform/database/{ref}/backups/pitr', {
        method: 'POST',
        path: { ref: requireIdentifier(ref, 'Project ref') },
        body: { recovery_time_target_unix: targetUnix },
      }),
    async onSuccess(restore, variables, ...rest) {
      queryClient.setQueryData<PitrStatusResponse>(backupKeys.pitr(variables.ref), (status) =>
        status ? { ...status, latest_restore: restore } : status,
      );
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.ref), exact: true });
      await onSuccess?.(restore, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(error.message);
    },
    ...options,
  });
}
