import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { requireIdentifier, statusPollInterval, type ProjectStatus } from '@basin/core';
import type { Project, ProjectStatusResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectKeys } from './keys';

export async function getProjectStatus(
  ref: string | undefined,
  queryClient: QueryClient,
  signal?: AbortSignal,
): Promise<ProjectStatusResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  const answer = await fetcher<ProjectStatusResponse>(
    `/api/platform/projects/${encodeURIComponent(projectRef)}/status`,
    { signal },
  );
  // The status moved on (e.g. COMING_UP → ACTIVE_HEALTHY): refresh the project itself, which picks the screen.
  const cached = queryClient.getQueryData<Project>(projectKeys.detail(projectRef));
  if (cached && cached.status !== answer.status) {
    void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef), exact: true });
  }
  return answer;
}

/**
 * Polls the project status every `statusPollInterval` ms while the project is not ACTIVE_HEALTHY
 * (spec part 1 §4). Pass the status of the loaded project; polling stops once the answer is healthy.
 */
export function useProjectStatusQuery(ref: string | undefined, projectStatus: ProjectStatus | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: projectKeys.status(ref),
    queryFn: ({ signal }) => getProjectStatus(ref, queryClient, signal),
    enabled: Boolean(ref) && projectStatus !== undefined && statusPollInterval(projectStatus) !== false,
    staleTime: 0,
    refetchInterval: (query) => statusPollInterval(query.state.data?.status ?? projectStatus),
  });
}
