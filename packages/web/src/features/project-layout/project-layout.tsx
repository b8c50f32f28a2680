import { Outlet, useLocation, useParams } from 'react-router';
import { pageTitle, statusScreenFor } from '@basin/core';
import { isApiError } from '../../data/fetcher';
import { isProjectRef } from '../../data/project-path';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectStatusQuery } from '../../data/projects/use-project-status-query';
import { useRestHealthQuery } from '../../data/projects/use-rest-health-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAssistantPanel } from '../assistant/assistant-state';
import { ErrorBoundary } from '../errors/error-boundary';
import { ErrorFallback } from '../errors/error-fallback';
import { NotFound } from '../errors/not-found';
import { ResourceWarnings } from '../resource-warnings/resource-warnings';
import { StatusScreenView, useFinishedScreen } from '../project-status/status-screen';
import { ProjectWorkspace } from './project-workspace';
import { usePageName } from './use-page-name';

function ProjectNotFound() {
  return <NotFound title="Project not found" detail="No project with this ref, or you are not a member of its organization." />;
}

/** What fills the page area: a full-page status screen (spec part 1 §2), an error, or the route. */
function ProjectContent({ projectRef }: { projectRef: string }) {
  const { pathname } = useLocation();
  const project = useProjectQuery(projectRef);
  const screen = statusScreenFor({ status: project.data?.status, pathname, postgrestStatus: project.data?.postgrestStatus });
  // Polls while the project is not healthy; a changed status refreshes the project, which switches the screen.
  useProjectStatusQuery(projectRef, project.data?.status);
  // While connecting, the REST API is asked until it answers, which marks the project ONLINE.
  useRestHealthQuery(projectRef, screen);
  const [finished, dismissFinished] = useFinishedScreen(screen, pathname);
  const assistant = useAssistantPanel();

  if (project.isError) {
    if (isApiError(project.error, 404)) return <ProjectNotFound />;
    return <ErrorFallback onRetry={() => void project.refetch()} />;
  }
  const shown = finished ?? screen;
  if (project.data && shown) return <StatusScreenView screen={shown} project={project.data} onDone={dismissFinished} />;
  return (
    <>
      <ResourceWarnings projectRef={projectRef} pathname={pathname} enabled={project.data?.status === 'ACTIVE_HEALTHY'} />
      <ErrorBoundary resetKey={pathname}>
        {/* Pages open the assistant through this (the SQL editor does): importing its state from their own chunks would split it out of the first load. */}
        <Outlet context={assistant} />
      </ErrorBoundary>
    </>
  );
}

export function ProjectLayout() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const { page, table } = usePageName();
  useDocumentTitle(pageTitle({ page, table, project: project?.name, organization: organization?.name }));

  // `/project/default`, `/project/_` or a mistyped ref: no project can have it, so no project menu
  // or page (whose queries would fail) is shown for it.
  if (!isProjectRef(ref)) return <ProjectNotFound />;
  return (
    <ProjectWorkspace projectRef={ref}>
      <ProjectContent projectRef={ref} />
    </ProjectWorkspace>
  );
}
