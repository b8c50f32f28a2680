import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthUsersResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { authUserKeys, type AuthUsersParams } from './keys';

export function getAuthUsers(ref: string | undefined, { page, keywords }: AuthUsersParams, signal?: AbortSignal): Promise<AuthUsersResponse> {
  return api.GET('/api/platform/auth/{ref}/users', { path: projectRef(ref), query: { page, keywords: keywords || undefined }, signal });
}

/** One page of the project's users; the previous page stays on screen while the next one loads. */
export function useAuthUsersQuery(ref: string | undefined, params: AuthUsersParams) {
  return useQuery({
    queryKey: authUserKeys.list(ref, params),
    queryFn: ({ signal }) => getAuthUsers(ref, params, signal),
    enabled: Boolean(ref),
    placeholderData: keepPreviousData,
  });
}
