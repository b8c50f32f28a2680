import { useQuery } from '@tanstack/react-query';
import type { SecretItem } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { functionKeys } from './keys';
import { secretsPath } from './paths';

export function getSecrets(ref: string | undefined, signal?: AbortSignal): Promise<SecretItem[]> {
  return fetcher<SecretItem[]>(secretsPath(ref), { signal });
}

/** The project's function secrets: names and the SHA-256 digest of each value (values are never answered). */
export function useSecretsQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({ queryKey: functionKeys.secrets(ref), queryFn: ({ signal }) => getSecrets(ref, signal), enabled: Boolean(ref) && enabled });
}
