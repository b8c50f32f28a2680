import { useQuery } from '@tanstack/react-query';
import { fetcher } from '../fetcher';
import { authKeys } from './keys';
import type { AuthSession } from './types';

export async function getSession(signal?: AbortSignal): Promise<AuthSession | null> {
  const session = await fetcher<AuthSession | null | undefined>('/api/auth/get-session', { signal });
  return session ?? null;
}

/** The signed-in session, or null when signed out. */
export function useSessionQuery() {
  return useQuery({
    queryKey: authKeys.session(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });
}
