import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { signingKeyKeys } from './keys';

/** GET /platform/projects/{ref}/config/auth/signing-keys: the legacy shared secret, then the asymmetric keys. */
export function useSigningKeysQuery(ref: string | undefined) {
  return useQuery({
    queryKey: signingKeyKeys.list(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/config/auth/signing-keys', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
