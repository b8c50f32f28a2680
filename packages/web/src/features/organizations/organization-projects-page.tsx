import { Database } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { can, pageTitle } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useProjectsQuery } from '../../data/projects/use-projects-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { NewProjectDialog } from '../projects/new-project-dialog';
import { ProjectCard } from '../projects/project-card';
import { OrganizationFrame } from './organization-frame';

function ProjectList({ organization }: { organization: Organization }) {
  useDocumentTitle(pageTitle({ page: 'Projects', organization: organization.name }));
  const projects = useProjectsQuery(organization.slug);
  const canCreate = can(organization.role, 'projects:create');

  return (
    <Page wide>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium">Projects</h2>
        <NewProjectDialog slug={organization.slug} canCreate={canCreate} />
      </div>
      {projects.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-32 rounded-lg" />
          <Skeleton className="h-32 rounded-lg" />
        </div>
      ) : projects.isError ? (
        <ErrorFallback onRetry={() => void projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <EmptyState icon={<Database className="size-6" aria-hidden="true" />} title="No projects yet">
          {canCreate
            ? 'Each project is a Postgres database with an API. Create one to get started.'
            : 'Ask an Owner or Administrator of this organization to create a project.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {projects.data.map((project) => (
            <ProjectCard key={project.ref} project={project} />
          ))}
        </ul>
      )}
    </Page>
  );
}

/** /org/:slug — the organization's projects, and creating one. */
export function OrganizationProjectsPage() {
  const { slug = '_' } = useParams();
  if (slug === '_') return <Navigate to="/organizations" replace />;
  return <OrganizationFrame slug={slug}>{(organization) => <ProjectList organization={organization} />}</OrganizationFrame>;
}
