import { QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from './auth/keys';
import { isApiError } from './fetcher';

const MAX_RETRIES = 2;

/** Client errors (4xx) are answers, not glitches: they are not retried. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 401 anywhere means the session ended: re-check it, and the session guard sends the user to sign in.
    queryCache: new QueryCache({
      onError(error, query) {
        if (isApiError(error, 401) && query.queryKey[0] !== authKeys.all[0]) {
          void client.invalidateQueries({ queryKey: authKeys.session() });
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retry ? shouldRetry : false },
      mutations: { retry: false },
    },
  });
  return client;
}
