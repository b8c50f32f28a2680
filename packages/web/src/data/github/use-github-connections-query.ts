import { useQuery } from '@tanstack/react-query';
import type { GitHubConnection, Project } from '@basin/core/schemas';
import { requireIdentifier } from '@basin/core';
import { api } from '../fetcher';
import { githubKeys } from './keys';

/** Spec part 1 §9, part 2 §9: GitHub connections are cached for 30 minutes. */
const GITHUB_CONNECTIONS_CACHE_MS = 30 * 60 * 1000;

export function useGitHubConnectionsQuery<T = GitHubConnection[]>(
  organizationId: number | undefined,
  select?: (connections: GitHubConnection[]) => T,
) {
  return useQuery({
    queryKey: githubKeys.connections(organizationId),
    queryFn: ({ signal }) =>
      api.GET('/api/platform/integrations/github/connections', {
        query: { organization_id: requireIdentifier(organizationId, 'organizationId') },
        signal,
      }),
    select,
    staleTime: GITHUB_CONNECTIONS_CACHE_MS,
    gcTime: GITHUB_CONNECTIONS_CACHE_MS,
    enabled: organizationId !== undefined,
  });
}

/** The project's own connection among its organization's: `data` is null when it has none. */
export function useProjectGitHubConnectionQuery(project: Project | undefined) {
  return useGitHubConnectionsQuery(project?.organization_id, (connections) =>
    connections.find((connection) => connection.project.ref === project?.ref) ?? null,
  );
}
