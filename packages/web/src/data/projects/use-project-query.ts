import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { api } from '../fetcher';
import { isProjectRef } from '../project-path';
import { projectKeys } from './keys';

export function getProject(ref: string | undefined, signal?: AbortSignal): Promise<Project> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.GET('/api/platform/projects/{ref}', { path: { ref: projectRef }, signal });
}

export function useProjectQuery(ref: string | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => getProject(ref, signal),
    // The API answers a malformed ref with a 400, not a project: it is not asked.
    enabled: isProjectRef(ref),
  });
}
