import type { DownloadableBackup, Organization } from '@basin/core/schemas';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from '../../ui/badge';
import { DataRow, DataTable } from '../../ui/data-table';
import { DownloadBackupButton } from './download-backup-button';

/** The backups, newest first: date, id, status and a download. */
export function BackupsTable({
  projectRef,
  backups,
  organization,
}: {
  projectRef: string;
  backups: readonly DownloadableBackup[];
  organization: Organization | undefined;
}) {
  const newestFirst = [...backups].sort((a, b) => Date.parse(b.inserted_at) - Date.parse(a.inserted_at));
  return (
    <DataTable columns={['Date', 'ID', 'Status']} actions>
      {newestFirst.map((backup) => (
        <DataRow key={backup.id}>
          <td className="px-4 py-2.5 whitespace-nowrap">{formatDateTime(backup.inserted_at)}</td>
          <td className="px-4 py-2.5 font-mono text-xs text-muted">#{backup.id}</td>
          <td className="px-4 py-2.5">
            <Badge tone={backup.status === 'COMPLETED' ? 'success' : 'neutral'}>
              {backup.status === 'COMPLETED' ? 'Completed' : backup.status}
            </Badge>
          </td>
          <td className="px-4 py-2.5 text-right">
            <DownloadBackupButton
              projectRef={projectRef}
              backupId={backup.id}
              organization={organization}
              label="Download"
              size="sm"
              ariaLabel={`Download backup ${backup.id}`}
            />
          </td>
        </DataRow>
      ))}
    </DataTable>
  );
}
