import { useQuery } from '@tanstack/react-query';
import type { SecretItem } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { functionKeys } from './keys';

export function getSecrets(ref: string | undefined, signal?: AbortSignal): Promise<SecretItem[]> {
  return api.GET('/api/v1/projects/{ref}/secrets', { path: projectRef(ref), signal });
}

/** The project's function secrets: names and the SHA-256 digest of each value (values are never answered). */
export function useSecretsQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({ queryKey: functionKeys.secrets(ref), queryFn: ({ signal }) => getSecrets(ref, signal), enabled: Boolean(ref) && enabled });
}
