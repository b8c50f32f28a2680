import { useQuery } from '@tanstack/react-query';
import { requireIdentifier, statusPollInterval, statusScreenFor } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectKeys } from './keys';

export function getProjects(slug: string | undefined, signal?: AbortSignal): Promise<Project[]> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return fetcher<Project[]>(`/api/platform/organizations/${encodeURIComponent(orgSlug)}/projects`, { signal });
}

/** The list refreshes on the status interval while any of its projects is still setting up. */
function listPollInterval(projects: Project[] | undefined): number | false {
  const settingUp = projects?.find((project) => statusScreenFor(project.status) === 'setup');
  return settingUp ? statusPollInterval(settingUp.status) : false;
}

export function useProjectsQuery(slug: string | undefined) {
  return useQuery({
    queryKey: projectKeys.list(slug),
    queryFn: ({ signal }) => getProjects(slug, signal),
    enabled: Boolean(slug) && slug !== '_',
    refetchInterval: (query) => listPollInterval(query.state.data),
  });
}
