import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEYS_MESSAGES, JWT_UPDATE_POLL_MS } from '@basin/core';
import type { JwtSecretUpdateStatus } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { apiKeysLastUsedKey } from './use-api-keys-last-used-query';

export const projectSettingsKey = (ref: string | undefined) => ['projects', ref, 'settings'] as const;
const jwtStatusKey = (ref: string | undefined) => ['projects', ref, 'jwt-secret-update-status'] as const;

/** URL, JWT secret and the anon/service_role keys (the last two empty without the permission). */
export function useProjectSettingsQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: projectSettingsKey(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/settings', { path: projectRef(ref), signal }),
    enabled: Boolean(ref) && enabled,
  });
}

/** Polled every 1 s while the secret is Updating; the keys are re-read once it settles. */
export function useJwtSecretUpdateStatusQuery(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jwtStatusKey(ref),
    queryFn: async ({ signal }) => {
      const status = await api.GET('/api/platform/projects/{ref}/config/secrets/update-status', { path: projectRef(ref), signal });
      const previous = queryClient.getQueryData<JwtSecretUpdateStatus>(jwtStatusKey(ref));
      if (previous?.status === 'Updating' && status.status !== 'Updating') {
        await queryClient.invalidateQueries({ queryKey: projectSettingsKey(ref) });
      }
      return status;
    },
    enabled: Boolean(ref),
    refetchInterval: (query) => (query.state.data?.status === 'Updating' ? JWT_UPDATE_POLL_MS : false),
  });
}

export function useRotateJwtSecretMutation(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/platform/projects/{ref}/config/secrets', { path: projectRef(ref) }),
    async onSuccess(status) {
      queryClient.setQueryData(jwtStatusKey(ref), status);
      // New keys: new signatures, not used yet.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectSettingsKey(ref) }),
        queryClient.invalidateQueries({ queryKey: apiKeysLastUsedKey(ref) }),
      ]);
    },
    onError() {
      toast.error(API_KEYS_MESSAGES.updateFailedToast);
    },
  });
}
