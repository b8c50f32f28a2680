import { Download } from 'lucide-react';
import { BACKUP_MESSAGES } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useDownloadBackupMutation } from '../../data/backups/use-download-backup-mutation';
import { Button, type ButtonProps } from '../../ui/button';
import { Tooltip } from '../../ui/tooltip';
import { permissionState } from '../organizations/permission-state';

/**
 * Downloads one backup: asks for its signed link, then the browser fetches the file. A null id
 * toasts 'No backups available for download'; undefined (not known yet) keeps the button disabled.
 */
export function DownloadBackupButton({
  projectRef,
  backupId,
  organization,
  label = 'Download backup',
  size,
  variant,
  ariaLabel,
}: {
  projectRef: string;
  backupId: number | null | undefined;
  /** The member's organization: downloading needs backups:download. */
  organization: Organization | undefined;
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  ariaLabel?: string;
}) {
  const download = useDownloadBackupMutation();
  const { allowed, hint } = permissionState(organization, 'backups:download', BACKUP_MESSAGES.noDownloadPermission);
  return (
    <Tooltip content={hint} wrapDisabled>
      <Button
        size={size}
        variant={variant}
        disabled={!allowed || backupId === undefined}
        loading={download.isPending}
        aria-label={ariaLabel}
        onClick={() => download.mutate({ ref: projectRef, id: backupId ?? null })}
      >
        {download.isPending ? null : <Download className="size-3.5" aria-hidden="true" />}
        {label}
      </Button>
    </Tooltip>
  );
}
