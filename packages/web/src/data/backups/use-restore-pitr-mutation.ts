import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PitrStatusResponse } from '@basin/core/schemas';
import type { ApiData } from '../api';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectRef } from '../project-path';
import { projectKeys } from '../projects/keys';
import { backupKeys } from './keys';

/**
 * The running restore. The OpenAPI document makes the PitrRestore component nullable (it is
 * nullable as PitrStatusResponse's latest_restore), so the typed answer allows null too.
 */
type RestoreAnswer = ApiData<'post', '/api/platform/database/{ref}/backups/pitr'>;

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
export function useRestorePitrMutation({ onSuccess, onError, ...options }: MutationHookOptions<RestoreAnswer, RestorePitrVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, targetUnix }: RestorePitrVariables) =>
      api.POST('/api/platform/database/{ref}/backups/pitr', { path: projectRef(ref), body: { recovery_time_target_unix: targetUnix } }),
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
