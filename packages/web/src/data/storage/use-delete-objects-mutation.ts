import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageObject } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';

export interface DeleteObjectsVariables {
  ref: string;
  bucket: string;
  /** File names; a folder ends in `/` and goes with everything under it. */
  paths: string[];
}

export function useDeleteObjectsMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageObject[], DeleteObjectsVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, bucket, paths }: DeleteObjectsVariables) => api.POST('/api/platform/storage/{ref}/buckets/{id}/objects/delete', { path: { ...projectRef(ref), id: bucket }, body: { paths } }),
    async onSuccess(removed, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: storageKeys.objectsOf(variables.ref, variables.bucket) });
      toast.success(removed.length === 1 ? `Deleted ${removed[0]!.name.split('/').pop()}` : `Deleted ${removed.length} files`);
      await onSuccess?.(removed, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete files: ${error.message}`);
    },
    ...options,
  });
}
