import { useMutation } from '@tanstack/react-query';
import { BACKUP_MESSAGES, requireIdentifier } from '@basin/core';
import type { DownloadBackupResponse } from '@basin/core/schemas';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';

export interface DownloadBackupVariables {
  ref: string;
  /** The backup; null when there is none ('No backups available for download'). */
  id: number | null;
}

export function requestBackupDownload({ ref, id }: DownloadBackupVariables): Promise<DownloadBackupResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  if (id === null) return Promise.reject(new Error(BACKUP_MESSAGES.noBackups));
  return api.POST('/api/platform/database/{ref}/backups/download', { path: { ref: projectRef }, body: { id } });
}

/** Asks for a signed link to the backup and starts the browser's download of it. */
export function useDownloadBackupMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<DownloadBackupResponse, DownloadBackupVariables> = {}) {
  return useMutation({
    mutationFn: requestBackupDownload,
    async onSuccess(answer, ...rest) {
      downloadFile(answer.fileUrl);
      await onSuccess?.(answer, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else if (error.message === BACKUP_MESSAGES.noBackups) toast.error(BACKUP_MESSAGES.noBackups);
      else toast.error(BACKUP_MESSAGES.downloadFailed(error.message));
    },
    ...options,
  });
}
