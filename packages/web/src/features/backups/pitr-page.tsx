import { Hourglass } from 'lucide-react';
import { useParams } from 'react-router';
import { PITR_MESSAGES } from '@basin/core';
import type { Organization, PitrStatusResponse, Project } from '@basin/core/schemas';
import { usePitrStatusQuery } from '../../data/backups/use-pitr-status-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectStatusQuery } from '../../data/projects/use-project-status-query';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { BackupsTabs } from './backups-tabs';
import { PitrArchiveCard } from './pitr-archive-card';
import { PitrOffBanner } from './pitr-off-banner';
import { PitrRestoreForm } from './pitr-restore-form';
import { PitrRestoreStatus } from './pitr-restore-status';
import { recoveryWindowOf } from './recovery-window';

/** PITR on: the latest restore, what is archived, and the restore form once there is a window. */
function PitrRecovery({
  project,
  organization,
  status,
}: {
  project: Project;
  organization: Organization | undefined;
  status: PitrStatusResponse;
}) {
  const window = recoveryWindowOf(status);
  return (
    <div className="flex flex-col gap-6">
      {status.latest_restore ? <PitrRestoreStatus restore={status.latest_restore} /> : null}
      <PitrArchiveCard projectRef={project.ref} status={status} window={window} />
      {window ? (
        <PitrRestoreForm project={project} organization={organization} window={window} />
      ) : (
        <EmptyState icon={<Hourglass className="size-6" aria-hidden="true" />} title="No recoverable window yet">
          {PITR_MESSAGES.noWindowYet}. This page updates by itself.
        </EmptyState>
      )}
    </div>
  );
}

/**
 * /project/:ref/database/backups/pitr — point in time recovery. Off: the upgrade prompt. On: the
 * recoverable window and a restore to any second of it, whose progress is polled every 4 s while
 * the project is RESTORING (the backups routes keep the page instead of the restoring screen).
 */
export function PitrPage() {
  const { ref = '' } = useParams();
  const project = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project.data?.organization_slug);
  useProjectStatusQuery(ref, project.data?.status);
  const pitr = usePitrStatusQuery(ref, project.data?.status);

  return (
    <Page>
      <PageHeader title="Backups" description="Restore the database to a point in time, down to the second." />
      <BackupsTabs projectRef={ref} />
      {pitr.isPending || project.isPending ? (
        <div className="flex flex-col gap-6">
          <Skeleton className="h-28 w-full rounded-lg" />
          <Skeleton className="h-40 w-full rounded-lg" />
        </div>
      ) : pitr.isError || project.isError ? (
        <ErrorFallback onRetry={() => void (pitr.isError ? pitr.refetch() : project.refetch())} />
      ) : pitr.data.pitr_enabled ? (
        <PitrRecovery project={project.data} organization={organization} status={pitr.data} />
      ) : (
        <PitrOffBanner projectRef={ref} />
      )}
    </Page>
  );
}
