import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBucketBody, StorageBucket, UpdateBucketBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';

/** A new bucket (no `id`), or the changes of the bucket `id`. */
export type SaveBucketVariables = { ref: string } & ({ id?: undefined; body: CreateBucketBody } | { id: string; body: UpdateBucketBody });

export function saveBucket({ ref, id, body }: SaveBucketVariables): Promise<StorageBucket> {
  return id === undefined
    ? api.POST('/api/platform/storage/{ref}/buckets', { path: projectRef(ref), body })
    : api.PATCH('/api/platform/storage/{ref}/buckets/{id}', { path: { ...projectRef(ref), id }, body });
}

export function useSaveBucketMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageBucket, SaveBucketVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBucket,
    async onSuccess(bucket, variables, ...rest) {
      queryClient.setQueryData(storageKeys.bucket(variables.ref, bucket.id), bucket);
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(variables.ref), exact: true });
      toast.success(variables.id === undefined ? `Created bucket ${bucket.name}` : `Updated bucket ${bucket.name}`);
      await onSuccess?.(bucket, variables, ...rest);
    },
    async onError(error, variables, ...rest) {
      if (onError) await onError(error, variables, ...rest);
      else toast.error(`Failed to ${variables.id === undefined ? 'create' : 'update'} bucket: ${error.message}`);
    },
    ...options,
  });
}
