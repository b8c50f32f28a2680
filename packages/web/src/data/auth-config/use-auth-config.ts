import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthConfig, UpdateAuthConfigBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';

const authConfigKey = (ref: string | undefined) => ['projects', ref, 'auth-config'] as const;
const authConfigPath = (ref: string | undefined) => projectApiPath('platform/auth', ref, '/config');

export function useAuthConfigQuery(ref: string | undefined) {
  return useQuery({
    queryKey: authConfigKey(ref),
    queryFn: ({ signal }) => fetcher<AuthConfig>(authConfigPath(ref), { signal }),
    enabled: Boolean(ref),
  });
}

export function useUpdateAuthConfigMutation(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAuthConfigBody) => fetcher<AuthConfig>(authConfigPath(ref), { method: 'PATCH', body }),
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
