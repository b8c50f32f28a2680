import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { vaultKeys } from './keys';


/** The project's secrets without their values, newest first. */
export function useVaultSecretsQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: vaultKeys.secrets(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/vault/secrets', { path: projectRef(ref), signal }),
    enabled: Boolean(ref) && enabled,
  });
}

/** One secret's value, fetched only while it is shown and forgotten as soon as it is hidden. */
export function useDecryptedVaultSecretQuery(ref: string | undefined, id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: vaultKeys.decrypted(ref, id),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/vault/secrets/{id}/decrypted', { path: { ...projectRef(ref), id }, signal }),
    enabled: Boolean(ref) && enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
