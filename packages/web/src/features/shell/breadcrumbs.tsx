import { Link } from 'react-router';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Skeleton } from '../../ui/skeleton';
import { ProjectStatusBadge } from '../projects/project-status-badge';
import { OrganizationSwitcher } from './organization-switcher';

function Divider() {
  return (
    <span aria-hidden="true" className="text-border-strong select-none">
      /
    </span>
  );
}

function ProjectCrumbs({ projectRef }: { projectRef: string }) {
  const { data: project, isError } = useProjectQuery(projectRef);
  const slug = project?.organization_slug;
  const { data: organization } = useOrganizationQuery(slug);
  // An unknown project has no crumbs: the page itself says it was not found.
  if (isError) return null;
  return (
    <>
      <OrganizationSwitcher slug={slug} organization={organization} />
      <Divider />
      <Link
        to={`/project/${projectRef}`}
        className="flex min-w-0 items-center gap-2 rounded px-1.5 py-1 text-[13px] font-medium hover:bg-surface-hover"
      >
        {project ? <span className="truncate">{project.name}</span> : <Skeleton className="h-4 w-28" />}
      </Link>
      {project && project.status !== 'ACTIVE_HEALTHY' ? <ProjectStatusBadge status={project.status} /> : null}
    </>
  );
}

function OrganizationCrumbs({ slug }: { slug: string }) {
  const { data: organization } = useOrganizationQuery(slug);
  return <OrganizationSwitcher slug={slug} organization={organization} />;
}

/** Organization / project, from the route's params. */
export function Breadcrumbs({ slug, projectRef }: { slug: string | undefined; projectRef: string | undefined }) {
  if (!projectRef && (!slug || slug === '_')) return null;
  return (
    <nav aria-label="Breadcrumbs" className="flex min-w-0 items-center gap-1.5">
      <Divider />
      {projectRef ? <ProjectCrumbs projectRef={projectRef} /> : slug ? <OrganizationCrumbs slug={slug} /> : null}
    </nav>
  );
}
