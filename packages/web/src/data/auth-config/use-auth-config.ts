import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateAuthConfigBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';

const authConfigKey = (ref: string | undefined) => ['projects', ref, 'auth-config'] as const;

export function useAuthConfigQuery(ref: string | undefined) {
  return useQuery({
    queryKey: authConfigKey(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/auth/{ref}/config', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}

export function useUpdateAuthConfigMutation(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAuthConfigBody) => api.PATCH('/api/platform/auth/{ref}/config', { path: projectRef(ref), body }),
    async onSuccess(config) {
      queryClient.setQueryData(authConfigKey(ref), config);
      // The auth lints read these settings.
      await queryClient.invalidateQueries({ queryKey: ['projects', ref, 'lints'] });
      toast.success('Saved the authentication settings');
    },
    onError(error) {
      toast.error(`Failed to update the authentication settings: ${error.message}`);
    },
  });
}
