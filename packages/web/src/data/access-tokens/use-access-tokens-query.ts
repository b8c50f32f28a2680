import { useQuery } from '@tanstack/react-query';
import type { AccessToken } from '@basin/core/schemas';
import { api } from '../fetcher';
import { accessTokenKeys } from './keys';


export function getAccessTokens(signal?: AbortSignal): Promise<AccessToken[]> {
  return api.GET('/api/platform/profile/access-tokens', { signal });
}

/** The signed-in user's personal access tokens, newest first (aliases only, never the tokens). */
export function useAccessTokensQuery() {
  return useQuery({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal) });
}
