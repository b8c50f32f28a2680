import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { projectHomeHeading } from '@basin/core';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ConnectionDetails } from './connection-details';
import { ProjectSummary } from './project-summary';

// The catalogues sit below the fold: they load after the page, keeping the home's first load small.
const Catalogues = lazy(() =>
  import('../examples/examples-sections').then(({ ClientLibrariesSection, ExampleProjectsSection }) => ({
    default: () => (
      <>
        <ClientLibrariesSection />
        <ExampleProjectsSection />
      </>
    ),
  })),
);

// The paused page gives way on the home (spec part 1 §2): the home shows the restore panel instead.
const ProjectPausedPanel = lazy(() => import('../project-status/paused-screen').then((module) => ({ default: module.ProjectPausedPanel })));

/** /project/:ref — the project's name, how to connect (or, while paused, how to restore), client libraries and example projects. */
export function ProjectHome() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const heading = projectHomeHeading(ref, project?.name);

  return (
    <Page wide className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-xl font-medium tracking-tight">{heading || <Skeleton className="h-7 w-56" />}</h1>
        {project ? <ProjectSummary project={project} /> : <Skeleton className="h-5 w-96 max-w-full" />}
      </div>
      {project?.status === 'INACTIVE' ? (
        <Suspense fallback={<Skeleton className="h-56 w-full rounded-lg" />}>
          <ProjectPausedPanel project={project} />
        </Suspense>
      ) : project ? (
        <ConnectionDetails project={project} role={organization?.role} />
      ) : (
        <Skeleton className="h-56 w-full rounded-lg" />
      )}
      <Suspense fallback={<Skeleton className="h-64 w-full rounded-lg" />}>
        <Catalogues />
      </Suspense>
    </Page>
  );
}
