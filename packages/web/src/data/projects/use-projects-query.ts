import { useQuery } from '@tanstack/react-query';
import { isStatusInProgress, requireIdentifier, STATUS_POLL_INTERVAL_MS } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectKeys } from './keys';

export function getProjects(slug: string | undefined, signal?: AbortSignal): Promise<Project[]> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.GET('/api/platform/organizations/{slug}/projects', { path: { slug: orgSlug }, signal });
}

/** The list refreshes on the status interval while any of its projects is setting up, pausing, being deleted, ... */
function listPollInterval(projects: Project[] | undefined): number | false {
  return projects?.some((project) => isStatusInProgress(project.status)) ? STATUS_POLL_INTERVAL_MS : false;
}

export function useProjectsQuery(slug: string | undefined) {
  return useQuery({
    queryKey: projectKeys.list(slug),
    queryFn: ({ signal }) => getProjects(slug, signal),
    enabled: Boolean(slug) && slug !== '_',
    refetchInterval: (query) => listPollInterval(query.state.data),
  });
}
