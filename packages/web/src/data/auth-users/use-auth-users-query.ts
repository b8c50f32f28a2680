import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthUsersResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { authUserKeys, type AuthUsersParams } from './keys';

export function getAuthUsers(ref: string | undefined, { page, keywords }: AuthUsersParams, signal?: AbortSignal): Promise<AuthUsersResponse> {
  const query = new URLSearchParams({ page: String(page) });
  if (keywords) query.set('keywords', keywords);
  return fetcher<AuthUsersResponse>(projectApiPath('platform/auth', ref, `/users?${query.toString()}`), { signal });
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
