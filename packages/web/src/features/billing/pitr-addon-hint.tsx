import { Link } from 'react-router';
import { useProjectsQuery } from '../../data/projects/use-projects-query';
import { Alert } from '../../ui/alert';

/**
 * Reached from a PITR prompt: point in time recovery is no spend setting but each project's own
 * add-on, turned on from the project's add-ons page; the organization's projects link straight to it.
 */
export function PitrAddonHint({ slug }: { slug: string }) {
  const projects = useProjectsQuery(slug);
  return (
    <Alert title="Point in time recovery is a project add-on">
      <p>
        Turn it on from the project&apos;s Add-ons page, under Point in time recovery: choose 7, 14 or 28 days of recovery. It needs at
        least Small compute, and restarts the database once.
      </p>
      {projects.data && projects.data.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1">
          {projects.data.map((project) => (
            <li key={project.ref}>
              <Link to={`/project/${project.ref}/settings/addons?panel=pitr`} className="text-accent hover:underline">
                {project.name}: Add-ons
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
