import type { Project } from '@basin/core/schemas';
import { Spinner } from '../../ui/spinner';
import { StatusLayout } from './status-layout';

function BusyScreen({ project, title, description }: { project: Project; title: string; description: string }) {
  return (
    <StatusLayout
      project={project}
      icon={<Spinner className="size-5 text-accent" label={title} />}
      title={title}
      description={
        <>
          <p>{description}</p>
          <p className="mt-1">This page updates by itself when it is done.</p>
        </>
      }
    />
  );
}

/** RESTARTING: the instance stops and starts again. */
export function RestartingScreen({ project }: { project: Project }) {
  return (
    <BusyScreen
      project={project}
      title={`Restarting ${project.name}`}
      description="The database is restarting. Open connections are closed; clients reconnect once it is back."
    />
  );
}

/** RESIZING: the instance restarts with the settings of its new compute size. */
export function ResizingScreen({ project }: { project: Project }) {
  return (
    <BusyScreen
      project={project}
      title={`Resizing ${project.name}`}
      description="The database is restarting with the memory and connection settings of its new compute size."
    />
  );
}

/** PAUSING (or GOING_DOWN): a backup is taken and the instance stopped; polled after 4 s, then every 2 s. */
export function PausingScreen({ project }: { project: Project }) {
  return (
    <BusyScreen
      project={project}
      title={`Pausing ${project.name}`}
      description="A backup of the database is being taken, then the database stops. Its data is kept while it is paused."
    />
  );
}

/** GOING_DOWN: Basin is deleting the project; once it is gone the page says it was not found. */
export function DeletingScreen({ project }: { project: Project }) {
  return (
    <BusyScreen
      project={project}
      title={`Deleting ${project.name}`}
      description="The database, its data and its backups are being removed."
    />
  );
}
