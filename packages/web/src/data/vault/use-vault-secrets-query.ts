import { useQuery } from '@tanstack/react-query';
import type { DecryptedVaultSecret, VaultSecret } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { vaultKeys } from './keys';

export const vaultSecretsPath = (ref: string | undefined, rest = '') => projectApiPath('platform/projects', ref, `/vault/secrets${rest}`);

/** The project's secrets without their values, newest first. */
export function useVaultSecretsQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: vaultKeys.secrets(ref),
    queryFn: ({ signal }) => fetcher<VaultSecret[]>(vaultSecretsPath(ref), { signal }),
    enabled: Boolean(ref) && enabled,
  });
}

/** One secret's value, fetched only while it is shown and forgotten as soon as it is hidden. */
export function useDecryptedVaultSecretQuery(ref: string | undefined, id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: vaultKeys.decrypted(ref, id),
    queryFn: ({ signal }) => fetcher<DecryptedVaultSecret>(vaultSecretsPath(ref, `/${encodeURIComponent(id)}/decrypted`), { signal }),
    enabled: Boolean(ref) && enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
