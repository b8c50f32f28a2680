import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { requireIdentifier, statusFirstPollDelay, statusPollInterval, type ProjectStatus } from '@basin/core';
import type { Project, ProjectStatusResponse } from '@basin/core/schemas';
import { api, isApiError } from '../fetcher';
import { projectKeys } from './keys';

export async function getProjectStatus(
  ref: string | undefined,
  queryClient: QueryClient,
  signal?: AbortSignal,
): Promise<ProjectStatusResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  let answer: ProjectStatusResponse;
  try {
    answer = await api.GET('/api/platform/projects/{ref}/status', { path: { ref: projectRef }, signal });
  } catch (error) {
    // Gone (e.g. deleted meanwhile): refreshing the project shows that it was not found.
    if (isApiError(error, 404)) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef), exact: true });
    throw error;
  }
  // The status moved on (e.g. COMING_UP → ACTIVE_HEALTHY): refresh the project itself, which picks the screen.
  const cached = queryClient.getQueryData<Project>(projectKeys.detail(projectRef));
  if (cached && cached.status !== answer.status) {
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef), exact: true });
  }
  return answer;
}

/** Whether `delayMs` has passed since `status` was last entered (at once for a delay of 0). */
function useWaitedSince(status: ProjectStatus | undefined, delayMs: number): boolean {
  const [waited, setWaited] = useState({ status, done: delayMs === 0 });
  if (waited.status !== status) setWaited({ status, done: delayMs === 0 });

  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setWaited({ status, done: true }), delayMs);
    return () => clearTimeout(timer);
  }, [status, delayMs]);

  return waited.status === status ? waited.done : delayMs === 0;
}

/**
 * Polls the project status while the project is not ACTIVE_HEALTHY (spec part 1 §4): every 4 s,
 * or, while pausing, first after 4 s and then every 2 s until INACTIVE. Pass the status of the
 * loaded project; an answer that differs refreshes the project, which moves the rhythm along.
 */
export function useProjectStatusQuery(ref: string | undefined, projectStatus: ProjectStatus | undefined) {
  const queryClient = useQueryClient();
  const interval = statusPollInterval(projectStatus);
  const waited = useWaitedSince(projectStatus, statusFirstPollDelay(projectStatus));
  return useQuery({
    queryKey: projectKeys.status(ref),
    queryFn: ({ signal }) => getProjectStatus(ref, queryClient, signal),
    enabled: Boolean(ref) && projectStatus !== undefined && interval !== false && waited,
    staleTime: 0,
    refetchInterval: interval,
  });
}
