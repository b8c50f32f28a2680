import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ProjectStatusBadge } from '../projects/project-status-badge';
import { supportTicketUrl } from './support-link';

/** The full-page screen of a project whose creation failed (INIT_FAILED). */
export function InitFailedScreen({ project }: { project: Project }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="truncate text-lg font-medium tracking-tight">{project.name}</h1>
        <ProjectStatusBadge status={project.status} />
      </div>
      <Alert tone="danger" title="The project could not be started">
        <p className="font-mono text-xs break-words">{project.status_message ?? 'No reason was recorded.'}</p>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={supportTicketUrl({ ref: project.ref, subject: `Project ${project.name} failed to start` })}>
            <LifeBuoy className="size-3.5" aria-hidden="true" />
            Contact support
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/org/${project.organization_slug}`}>Back to projects</Link>
        </Button>
      </div>
    </div>
  );
}
