import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { authUserKeys } from './keys';


export function getAuthUser(ref: string | undefined, id: string, signal?: AbortSignal): Promise<AuthUser> {
  return api.GET('/api/platform/auth/{ref}/users/{id}', { path: { ...projectRef(ref), id }, signal });
}

/** One user with its identities, for the detail panel. */
export function useAuthUserQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: authUserKeys.detail(ref, id),
    queryFn: ({ signal }) => getAuthUser(ref, id!, signal),
    enabled: Boolean(ref && id),
  });
}
