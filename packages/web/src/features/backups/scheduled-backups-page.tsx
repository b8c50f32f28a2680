import { DatabaseBackup } from 'lucide-react';
import { useParams } from 'react-router';
import { useDownloadableBackupsQuery } from '../../data/backups/use-downloadable-backups-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { BackupsTable } from './backups-table';
import { BackupsTabs } from './backups-tabs';

/** The project's downloadable backups, each with its Download: also shown under the paused screen. */
export function ScheduledBackupsList({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectQuery(projectRef);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const backups = useDownloadableBackupsQuery(projectRef);

  if (backups.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (backups.isError) return <ErrorFallback onRetry={() => void backups.refetch()} />;
  if (backups.data.backups.length === 0) {
    return (
      <EmptyState icon={<DatabaseBackup className="size-6" aria-hidden="true" />} title="No backups yet">
        The first backup is taken within a day, or as soon as the project is paused.
      </EmptyState>
    );
  }
  return <BackupsTable projectRef={projectRef} backups={backups.data.backups} organization={organization} />;
}

/** /project/:ref/database/backups/scheduled — the physical backups, each downloadable as a .tar.gz. */
export function ScheduledBackupsPage() {
  const { ref = '' } = useParams();
  return (
    <Page>
      <PageHeader
        title="Backups"
        description="Physical backups of the database: one is taken every day and one whenever the project is paused."
      />
      <BackupsTabs projectRef={ref} />
      <ScheduledBackupsList projectRef={ref} />
    </Page>
  );
}
