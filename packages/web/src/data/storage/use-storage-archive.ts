import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type StorageArchive, STORAGE_ARCHIVE_POLL_MS } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api, isApiError } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';

/** The last archive, null when there is none ('Storage archive not found' reads as no file); polled every 5 s while it is created. */
export function useStorageArchiveQuery(ref: string | undefined) {
  return useQuery({
    queryKey: storageKeys.archive(ref),
    queryFn: async ({ signal }) => {
      try {
        return await api.GET('/api/platform/storage/{ref}/archive', { path: projectRef(ref), signal });
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
    mutationFn: ({ ref }: { ref: string }) => api.POST('/api/platform/storage/{ref}/archive', { path: projectRef(ref) }),
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
