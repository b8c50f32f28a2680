import { Pause, Settings } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { isBackupsPath, PAUSE_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { usePauseStatusQuery } from '../../data/projects/use-pause-status-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { DownloadBackupButton } from '../backups/download-backup-button';
import { ScheduledBackupsList } from '../backups/scheduled-backups-page';
import { RestoreProjectButton } from './restore-project-button';
import { UpgradeToProButton } from './upgrade-to-pro-button';

function RestoreWindow({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const pauseStatus = usePauseStatusQuery(project.ref);
  if (pauseStatus.isPending) return <Skeleton className="h-5 w-80 max-w-full" />;
  if (pauseStatus.isError) return <Alert tone="warning" title={PAUSE_MESSAGES.statusFailed} />;
  const status = pauseStatus.data;
  if (!status.can_restore) {
    return (
      <Alert tone="warning" title="This project can no longer be restored">
        <div className="flex flex-col items-start gap-2">
          <p>Its restore window of {status.max_days_till_restore_disabled} days has passed. Download its latest backup to keep its data.</p>
          <DownloadBackupButton projectRef={project.ref} backupId={status.latest_downloadable_backup_id} organization={organization} />
        </div>
      </Alert>
    );
  }
  const days = status.remaining_days_till_restore_disabled;
  return (
    <p className="text-[13px] text-muted">
      You can restore it for{' '}
      <span className="font-medium text-foreground">
        {days} more {days === 1 ? 'day' : 'days'}
      </span>
      . A paused project can be restored for up to {status.max_days_till_restore_disabled} days.
    </p>
  );
}

function RestoreAction({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const pauseStatus = usePauseStatusQuery(project.ref);
  // An unreadable pause status does not block the attempt: the server has the last word.
  return (
    <RestoreProjectButton project={project} organization={organization} restorable={pauseStatus.data?.can_restore ?? pauseStatus.isError} />
  );
}

/**
 * The paused project (INACTIVE): its data is kept; restore it (with the version choice and the
 * free-project limit check), how many days are left, and the upgrade prompt on the Free plan.
 */
export function ProjectPausedPanel({ project }: { project: Project }) {
  const { data: organization } = useOrganizationQuery(project.organization_slug);
  return (
    <Card>
      <Card.Content className="flex flex-col gap-4 py-5">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted">
            <Pause className="size-4 text-muted" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-sm font-medium break-words">The project &quot;{project.name}&quot; is paused</h2>
            <p className="text-[13px] text-muted">
              All of its data is kept, but its database and API are stopped while it is paused. Restore it to use it again.
            </p>
          </div>
        </div>
        <RestoreWindow project={project} organization={organization} />
        {organization?.plan.id === 'free' ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-surface-muted px-3 py-2.5">
            <p className="text-[13px] text-muted">Keep more projects running, with no pause, on the Pro plan.</p>
            <UpgradeToProButton organization={organization} projectRef={project.ref} source="projectPausedStateRestore" />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <RestoreAction project={project} organization={organization} />
          <Button asChild variant="ghost">
            <Link to={`/project/${project.ref}/settings/general`}>
              <Settings className="size-3.5" aria-hidden="true" />
              Project settings
            </Link>
          </Button>
        </div>
      </Card.Content>
    </Card>
  );
}

/**
 * INACTIVE on every route but the home and settings ones (which show their own page). On the
 * backups routes the backups stay listed below it, each downloadable while the project is paused.
 */
export function PausedScreen({ project }: { project: Project }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      <ProjectPausedPanel project={project} />
      {isBackupsPath(pathname) ? (
        <section aria-labelledby="paused-backups-heading" className="flex flex-col gap-3">
          <h2 id="paused-backups-heading" className="text-sm font-medium">
            Backups
          </h2>
          <ScheduledBackupsList projectRef={project.ref} />
        </section>
      ) : null}
    </div>
  );
}
