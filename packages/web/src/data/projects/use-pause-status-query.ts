import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { PauseStatusResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectKeys } from './keys';

export function getPauseStatus(ref: string | undefined, signal?: AbortSignal): Promise<PauseStatusResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.GET('/api/platform/projects/{ref}/pause/status', { path: { ref: projectRef }, signal });
}

/** Whether a paused project can be restored, for how many more days, and its latest downloadable backup. */
export function usePauseStatusQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.pauseStatus(ref),
    queryFn: ({ signal }) => getPauseStatus(ref, signal),
    enabled: enabled && Boolean(ref),
  });
}
