import { useQuery } from '@tanstack/react-query';
import type { AccessToken } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { accessTokenKeys } from './keys';

export const ACCESS_TOKENS_PATH = '/api/platform/profile/access-tokens';

export function getAccessTokens(signal?: AbortSignal): Promise<AccessToken[]> {
  return fetcher<AccessToken[]>(ACCESS_TOKENS_PATH, { signal });
}

/** The signed-in user's personal access tokens, newest first (aliases only, never the tokens). */
export function useAccessTokensQuery() {
  return useQuery({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal) });
}
