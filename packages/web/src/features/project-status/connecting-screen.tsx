import { Activity, BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { StatusLayout } from './status-layout';

const TROUBLESHOOTING_URL = 'https://www.postgresql.org/docs/current/server-start.html#CLIENT-CONNECTION-PROBLEMS';

/** ACTIVE_HEALTHY with its REST API offline: the layout asks the API every 4 s until it answers. */
export function ConnectingScreen({ project }: { project: Project }) {
  return (
    <StatusLayout
      project={project}
      icon={<Spinner className="size-5 text-accent" label="Connecting to the project" />}
      title={`Connecting to ${project.name}`}
      description={
        <p>
          The database is running, but the project&apos;s API does not answer yet. This page checks again every few seconds and opens the
          project once it does.
        </p>
      }
    >
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/project/${project.ref}/settings/infrastructure`}>
            <Activity className="size-3.5" aria-hidden="true" />
            Check database health
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <a href={TROUBLESHOOTING_URL} target="_blank" rel="noreferrer noopener">
            <BookOpen className="size-3.5" aria-hidden="true" />
            Troubleshooting
          </a>
        </Button>
      </div>
    </StatusLayout>
  );
}
