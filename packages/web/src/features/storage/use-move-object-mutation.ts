import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveObjectBody, StorageMessage } from '@basin/core/schemas';
import { storageKeys } from '../../data/storage/keys';
import { api } from '../../data/fetcher';
import { projectRef } from '../../data/project-path';
import type { MutationHookOptions } from '../../data/mutation-options';
import { toast } from '../../lib/toast';

export interface MoveObjectVariables extends MoveObjectBody {
  ref: string;
  bucket: string;
}

/** Moves (renames) a file within its bucket: `to` must be free, the server says so when it is not. */
export function useMoveObjectMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageMessage, MoveObjectVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, bucket, from, to }: MoveObjectVariables) =>
      api.POST('/api/platform/storage/{ref}/buckets/{id}/objects/move', { path: { ...projectRef(ref), id: bucket }, body: { from, to } }),
    async onSuccess(answer, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(variables.ref, variables.bucket) });
      toast.success(`Moved ${variables.from.split('/').pop()} to ${variables.to}`);
      await onSuccess?.(answer, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to move the file: ${error.message}`);
    },
    ...options,
  });
}
