import { useQuery, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { requireIdentifier, REST_HEALTH_TIMEOUT_MS, restHealthPollInterval, type PostgrestStatus, type StatusScreen } from '@basin/core';
import type { Project, RestHealth } from '@basin/core/schemas';
import { fetcher, isApiError } from '../fetcher';
import { projectKeys } from './keys';

/**
 * Asks the project's REST API, giving it 2 s (spec part 1 §7). Once it answers, the project is
 * marked ONLINE in the cache and refreshed, which ends the connecting screen.
 */
export async function getRestHealth(ref: string | undefined, queryClient: QueryClient, signal?: AbortSignal): Promise<PostgrestStatus> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  try {
    await fetcher<RestHealth>(`/api/projects/${encodeURIComponent(projectRef)}/api/rest`, {
      signal,
      timeoutMs: REST_HEALTH_TIMEOUT_MS,
    });
  } catch (error) {
    // 503 or no answer in time: still offline, try again at the next poll.
    if (isApiError(error) && (error.status === 503 || error.status === 0)) return 'OFFLINE';
    throw error;
  }
  queryClient.setQueryData<Project>(projectKeys.detail(projectRef), (project) =>
    project ? { ...project, postgrestStatus: 'ONLINE' } : project,
  );
  void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef), exact: true });
  return 'ONLINE';
}

/** Polls the REST health every 4 s while the connecting screen shows, and not otherwise. */
export function useRestHealthQuery(ref: string | undefined, screen: StatusScreen) {
  const queryClient = useQueryClient();
  const interval = restHealthPollInterval(screen);
  return useQuery({
    queryKey: projectKeys.restHealth(ref),
    queryFn: ({ signal }) => getRestHealth(ref, queryClient, signal),
    enabled: Boolean(ref) && interval !== false,
    staleTime: 0,
    retry: false,
    refetchInterval: interval,
  });
}
