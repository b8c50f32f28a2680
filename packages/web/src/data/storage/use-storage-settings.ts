import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StorageSettings } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storageKeys } from './keys';

export function useStorageSettingsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: storageKeys.settings(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/storage/{ref}/settings', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}

export interface UpdateStorageSettingsVariables {
  ref: string;
  fileSizeLimit: number;
}

export function useUpdateStorageSettingsMutation({ onSuccess, onError, ...options }: MutationHookOptions<StorageSettings, UpdateStorageSettingsVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, fileSizeLimit }: UpdateStorageSettingsVariables) =>
      api.PATCH('/api/platform/storage/{ref}/settings', { path: projectRef(ref), body: { file_size_limit: fileSizeLimit } }),
    async onSuccess(settings, variables, ...rest) {
      queryClient.setQueryData(storageKeys.settings(variables.ref), settings);
      toast.success('Saved the storage settings');
      await onSuccess?.(settings, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to update storage settings: ${error.message}`);
    },
    ...options,
  });
}
