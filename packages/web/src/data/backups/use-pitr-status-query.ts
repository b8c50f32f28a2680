import { useQuery } from '@tanstack/react-query';
import { requireIdentifier, STATUS_POLL_INTERVAL_MS, type ProjectStatus } from '@basin/core';
import type { PitrStatusResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { backupKeys } from './keys';

export function getPitrStatus(ref: string | undefined, signal?: AbortSignal): Promise<PitrStatusResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.GET('/api/platform/database/{ref}/backups/pitr', { path: { ref: projectRef }, signal });
}

/**
 * Whether the status is still moving: a restore runs (the project RESTORING too), or archiving is
 * on with no window yet while the first base backup runs. Polled then, as the status screens poll.
 */
export function pitrPollInterval(status: PitrStatusResponse | undefined, projectStatus: ProjectStatus | undefined): number | false {
  const restoring = projectStatus === 'RESTORING' || status?.latest_restore?.status === 'RUNNING';
  const windowPending = status?.pitr_enabled === true && status.latest_recoverable_at === null;
  return restoring || windowPending ? STATUS_POLL_INTERVAL_MS : false;
}

/** GET /platform/database/{ref}/backups/pitr: archiving, the recoverable window and the latest restore. */
export function usePitrStatusQuery(ref: string | undefined, projectStatus?: ProjectStatus) {
  return useQuery({
    queryKey: backupKeys.pitr(ref),
    queryFn: ({ signal }) => getPitrStatus(ref, signal),
    enabled: Boolean(ref),
    refetchInterval: (query) => pitrPollInterval(query.state.data, projectStatus),
  });
}
