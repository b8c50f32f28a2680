import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageMessage } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';

export interface BucketActionVariables {
  ref: string;
  id: string;
}

/** Deletes the bucket with its files. */
export function useDeleteBucketMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageMessage, BucketActionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, id }: BucketActionVariables) => api.DELETE('/api/platform/storage/{ref}/buckets/{id}', { path: { ...projectRef(ref), id } }),
    async onSuccess(answer, variables, ...rest) {
      queryClient.removeQueries({ queryKey: storageKeys.bucket(variables.ref, variables.id) });
      queryClient.removeQueries({ queryKey: storageKeys.objectsOf(variables.ref, variables.id) });
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(variables.ref), exact: true });
      toast.success(`Deleted bucket ${variables.id}`);
      await onSuccess?.(answer, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete bucket: ${error.message}`);
    },
    ...options,
  });
}

/** Deletes every file of the bucket, keeping it. */
export function useEmptyBucketMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageMessage, BucketActionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, id }: BucketActionVariables) => api.POST('/api/platform/storage/{ref}/buckets/{id}/empty', { path: { ...projectRef(ref), id } }),
    async onSuccess(answer, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(variables.ref, variables.id) });
      toast.success(`Emptied bucket ${variables.id}`);
      await onSuccess?.(answer, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to empty bucket: ${error.message}`);
    },
    ...options,
  });
}
