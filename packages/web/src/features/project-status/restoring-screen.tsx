import { CircleCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Project } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { StatusLayout } from './status-layout';

/**
 * RESTORING, polled every 4 s by the layout; once the project is healthy again, 'Restoration
 * complete!' with 'Return to project'.
 */
export function RestoringScreen({ project, onDone }: { project: Project; onDone?: () => void }) {
  const navigate = useNavigate();
  if (project.status === 'ACTIVE_HEALTHY') {
    return (
      <StatusLayout
        project={project}
        icon={<CircleCheck className="size-5 text-accent" aria-hidden="true" />}
        title="Restoration complete!"
        description={<p>{project.name} is running again, with all of its data.</p>}
      >
        <div>
          <Button
            variant="primary"
            onClick={() => {
              onDone?.();
              void navigate(`/project/${project.ref}`);
            }}
          >
            Return to project
          </Button>
        </div>
      </StatusLayout>
    );
  }
  return (
    <StatusLayout
      project={project}
      icon={<Spinner className="size-5 text-accent" label="Restoring" />}
      title={`Restoring ${project.name}`}
      description={
        <>
          <p>
            The database is starting again with its data. Restoring onto a newer Postgres version moves the data first, which takes longer
            for large databases.
          </p>
          <p className="mt-1">This page updates by itself when it is done.</p>
        </>
      }
    />
  );
}
