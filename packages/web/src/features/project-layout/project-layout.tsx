import { Outlet, useLocation, useParams } from 'react-router';
import { pageTitle, statusScreenFor } from '@basin/core';
import { isApiError } from '../../data/fetcher';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectStatusQuery } from '../../data/projects/use-project-status-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorBoundary } from '../errors/error-boundary';
import { ErrorFallback } from '../errors/error-fallback';
import { NotFound } from '../errors/not-found';
import { InitFailedScreen } from '../project-status/init-failed-screen';
import { SetupScreen } from '../project-status/setup-screen';
import { ProjectWorkspace } from './project-workspace';
import { usePageName } from './use-page-name';

/** What fills the page area: a full-page status screen (spec part 1 §2), an error, or the route. */
function ProjectContent({ projectRef }: { projectRef: string }) {
  const { pathname } = useLocation();
  const project = useProjectQuery(projectRef);
  // Polls while the project is not healthy; a changed status refreshes the project, which switches the screen.
  useProjectStatusQuery(projectRef, project.data?.status);

  if (project.isError) {
    if (isApiError(project.error, 404)) return <NotFound title="Project not found" detail="No project with this ref, or you are not a member of its organization." />;
    return <ErrorFallback onRetry={() => void project.refetch()} />;
  }
  const screen = statusScreenFor(project.data?.status);
  if (project.data && screen === 'setup') return <SetupScreen project={project.data} />;
  if (project.data && screen === 'init-failed') return <InitFailedScreen project={project.data} />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}

export function ProjectLayout() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const page = usePageName();
  useDocumentTitle(pageTitle({ page, project: project?.name, organization: organization?.name }));

  return (
    <ProjectWorkspace projectRef={ref}>
      <ProjectContent projectRef={ref} />
    </ProjectWorkspace>
  );
}
