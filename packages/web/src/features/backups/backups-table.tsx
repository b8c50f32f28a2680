import type { DownloadableBackup, Organization } from '@basin/core/schemas';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from '../../ui/badge';
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
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-left text-[13px]">
        <thead className="border-b border-border bg-surface-muted text-xs text-muted">
          <tr>
            <th className="px-4 py-2 font-medium">Date</th>
            <th className="px-4 py-2 font-medium">ID</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((backup) => (
            <tr key={backup.id} className="border-b border-border last:border-b-0">
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
