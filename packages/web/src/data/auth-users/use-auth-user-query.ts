import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { authUserKeys } from './keys';

export const authUserPath = (ref: string | undefined, id: string) => projectApiPath('platform/auth', ref, `/users/${encodeURIComponent(id)}`);

export function getAuthUser(ref: string | undefined, id: string, signal?: AbortSignal): Promise<AuthUser> {
  return fetcher<AuthUser>(authUserPath(ref, id), { signal });
}

/** One user with its identities, for the detail panel. */
export function useAuthUserQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: authUserKeys.detail(ref, id),
    queryFn: ({ signal }) => getAuthUser(ref, id!, signal),
    enabled: Boolean(ref && id),
  });
}
