import { DatabaseBackup, LifeBuoy, TriangleExclamationPoint } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { StatusLayout } from './status-layout';
import { supportTicketUrl } from './support-link';

/** RESTORE_FAILED: the data is intact; the backups stay reachable and support is offered. */
export function RestoreFailedScreen({ project }: { project: Project }) {
  return (
    <StatusLayout
      project={project}
      icon={<TriangleExclamationPoint className="size-5 text-danger" aria-hidden="true" />}
      title={`Restoring ${project.name} failed`}
      description={<p>Your project&apos;s data is intact: the restore stopped before anything was lost.</p>}
    >
      {project.status_message ? (
        <Alert tone="danger" title="What went wrong">
          <p className="font-mono text-xs break-words">{project.status_message}</p>
        </Alert>
      ) : null}
      <p className="text-[13px] text-muted">Its backups can still be downloaded. Contact support so that we can bring the project back.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="primary">
          <Link to={supportTicketUrl({ ref: project.ref, subject: `Restoring project ${project.name} failed` })}>
            <LifeBuoy className="size-3.5" aria-hidden="true" />
            Contact support
          </Link>
        </Button>
        <Button asChild>
          <Link to={`/project/${project.ref}/database/backups/scheduled`}>
            <DatabaseBackup className="size-3.5" aria-hidden="true" />
            View backups
          </Link>
        </Button>
      </div>
    </StatusLayout>
  );
}
