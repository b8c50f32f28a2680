import { LifeBuoy, TriangleExclamationPoint } from 'lucide-react';
import { Link } from 'react-router';
import { PAUSE_MESSAGES } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { usePauseStatusQuery } from '../../data/projects/use-pause-status-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DownloadBackupButton } from '../backups/download-backup-button';
import { DeleteProjectDialog } from '../delete-project/delete-project-dialog';
import { StatusLayout } from './status-layout';
import { supportTicketUrl } from './support-link';

/** PAUSE_FAILED: the data is intact; support, the latest backup and deleting the project are offered. */
export function PauseFailedScreen({ project }: { project: Project }) {
  const { data: organization } = useOrganizationQuery(project.organization_slug);
  const pauseStatus = usePauseStatusQuery(project.ref);
  return (
    <StatusLayout
      project={project}
      icon={<TriangleExclamationPoint className="size-5 text-danger" aria-hidden="true" />}
      title={`Pausing ${project.name} failed`}
      description={<p>Your project&apos;s data is intact: nothing was deleted or changed.</p>}
    >
      {project.status_message ? (
        <Alert tone="danger" title="What went wrong">
          <p className="font-mono text-xs break-words">{project.status_message}</p>
        </Alert>
      ) : null}
      {pauseStatus.isError ? <Alert tone="warning" title={PAUSE_MESSAGES.statusFailed} /> : null}
      <p className="text-[13px] text-muted">
        Contact support so that we can look into it. Meanwhile you can download the latest backup of the database, or delete the project if
        you no longer need it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="primary">
          <Link to={supportTicketUrl({ ref: project.ref, subject: `Pausing project ${project.name} failed` })}>
            <LifeBuoy className="size-3.5" aria-hidden="true" />
            Contact support
          </Link>
        </Button>
        <DownloadBackupButton
          projectRef={project.ref}
          backupId={pauseStatus.isError ? null : pauseStatus.data?.latest_downloadable_backup_id}
          organization={organization}
        />
        <DeleteProjectDialog project={project} organization={organization} />
      </div>
    </StatusLayout>
  );
}
