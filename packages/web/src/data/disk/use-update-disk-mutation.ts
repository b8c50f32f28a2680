import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISK_MESSAGES, type DiskAttributes } from '@basin/core';
import type { DiskResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { diskKeys } from './keys';
import { projectRef } from '../project-path';

export interface UpdateDiskVariables {
  ref: string;
  attributes: DiskAttributes;
}

/** POST /platform/projects/{ref}/disk; the answer (with the new last_modified_at) replaces the cache, the history reloads. */
export function useUpdateDiskMutation({ onSuccess, onError, ...options }: MutationHookOptions<DiskResponse, UpdateDiskVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, attributes }: UpdateDiskVariables) =>
      api.POST('/api/platform/projects/{ref}/disk', { path: projectRef(ref), body: { attributes } }),
    async onSuccess(disk, variables, ...rest) {
      queryClient.setQueryData(diskKeys.disk(variables.ref), disk);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: diskKeys.history(variables.ref) }),
        queryClient.invalidateQueries({ queryKey: diskKeys.resourceWarnings(variables.ref) }),
      ]);
      await onSuccess?.(disk, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(DISK_MESSAGES.updateFailed(error.message));
    },
    ...options,
  });
}
