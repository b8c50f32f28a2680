import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { AvailableVersionsResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectKeys } from './keys';

export function getRestoreVersions(ref: string | undefined, signal?: AbortSignal): Promise<AvailableVersionsResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.GET('/api/platform/projects/{ref}/restore/versions', { path: { ref: projectRef }, signal });
}

/** The Postgres versions a paused project can be restored onto. */
export function useRestoreVersionsQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.restoreVersions(ref),
    queryFn: ({ signal }) => getRestoreVersions(ref, signal),
    enabled: enabled && Boolean(ref),
  });
}
