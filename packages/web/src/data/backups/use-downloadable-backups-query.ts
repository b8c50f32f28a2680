import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { DownloadableBackupsResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { backupKeys } from './keys';

export function getDownloadableBackups(ref: string | undefined, signal?: AbortSignal): Promise<DownloadableBackupsResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.GET('/api/platform/database/{ref}/backups/downloadable-backups', { path: { ref: projectRef }, signal });
}

export function useDownloadableBackupsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: backupKeys.downloadable(ref),
    queryFn: ({ signal }) => getDownloadableBackups(ref, signal),
    enabled: Boolean(ref),
  });
}
