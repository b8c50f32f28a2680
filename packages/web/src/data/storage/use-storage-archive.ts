import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type StorageArchive, STORAGE_ARCHIVE_POLL_MS } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher, isApiError } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';
import { storagePath } from './paths';

/** The last archive, null when there is none ('Storage archive not found' reads as no file); polled every 5 s while it is created. */
export function useStorageArchiveQuery(ref: string | undefined) {
  return useQuery({
    queryKey: storageKeys.archive(ref),
    queryFn: async ({ signal }) => {
      try {
        return await fetcher<StorageArchive>(storagePath(ref, '/archive'), { signal });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    enabled: Boolean(ref),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? STORAGE_ARCHIVE_POLL_MS : false),
  });
}

export function useCreateStorageArchiveMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageArchive, { ref: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref }: { ref: string }) => fetcher<StorageArchive>(storagePath(ref, '/archive'), { method: 'POST' }),
    async onSuccess(archive, variables, ...rest) {
      queryClient.setQueryData(storageKeys.archive(variables.ref), archive);
      await onSuccess?.(archive, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to create storage archive: ${error.message}`);
    },
    ...options,
  });
}
