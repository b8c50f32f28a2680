import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostgrestConfig } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import type { ApiBody } from '../api';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectRef } from '../project-path';
import { postgrestConfigKeys } from './keys';

export interface UpdatePostgrestConfigVariables {
  ref: string;
  /** Only the settings that change; the schemas as typed, comma-separated (the server reads them). */
  body: ApiBody<'patch', '/api/platform/projects/{ref}/config/postgrest'>;
}

/**
 * PATCH /platform/projects/{ref}/config/postgrest; the answer (the whole config) replaces the cache.
 * No toast on a refusal: the form shows the server's message beside the settings.
 */
export function useUpdatePostgrestConfigMutation({
  onSuccess,
  ...options
}: MutationHookOptions<PostgrestConfig, UpdatePostgrestConfigVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: UpdatePostgrestConfigVariables) =>
      api.PATCH('/api/platform/projects/{ref}/config/postgrest', { path: projectRef(ref), body }),
    async onSuccess(config, variables, ...rest) {
      queryClient.setQueryData(postgrestConfigKeys.config(variables.ref), config);
      toast.success('Saved the Data API settings');
      await onSuccess?.(config, variables, ...rest);
    },
    ...options,
  });
}
