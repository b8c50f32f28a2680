import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RealtimeConfig, UpdateRealtimeConfigBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectRef } from '../project-path';
import { realtimeConfigKeys } from './keys';

export interface UpdateRealtimeConfigVariables {
  ref: string;
  /** Only the settings that change. */
  body: UpdateRealtimeConfigBody;
}

/** PATCH /platform/projects/{ref}/config/realtime; the answer (the whole config) replaces the cache. */
export function useUpdateRealtimeConfigMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<RealtimeConfig, UpdateRealtimeConfigVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: UpdateRealtimeConfigVariables) =>
      api.PATCH('/api/platform/projects/{ref}/config/realtime', { path: projectRef(ref), body }),
    async onSuccess(config, variables, ...rest) {
      queryClient.setQueryData(realtimeConfigKeys.config(variables.ref), config);
      toast.success('Saved the Realtime settings');
      await onSuccess?.(config, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to update the Realtime settings: ${error.message}`);
    },
    ...options,
  });
}
