import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Card } from '../../ui/card';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { DeleteProjectCard } from './delete-project-card';
import { HipaaCard } from './hipaa-card';
import { PostgresVersionCard } from './postgres-version-card';
import { ProjectAvailabilityCard } from './project-availability-card';
import { ProjectNameForm } from './project-name-form';

/** /project/:ref/settings/general — name and ref; restart, pause, the Postgres upgrade; the HIPAA mark; deleting the project. */
export function GeneralSettings() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);

  return (
    <Page>
      <PageHeader title="General settings" description="The project's name and identifiers, its availability and version." />
      <div className="flex flex-col gap-6">
        <Card>
          <Card.Header>
            <Card.Title>General</Card.Title>
          </Card.Header>
          <Card.Content className="flex flex-col gap-6 py-4">
            {project && organization ? (
              <ProjectNameForm project={project} canUpdate={can(organization.role, 'projects:update')} />
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
            <div className="flex flex-col gap-1.5">
              <label htmlFor="project-ref" className="text-[13px] font-medium">
                Project ref
              </label>
              <div className="flex items-center gap-2">
                <Input id="project-ref" readOnly value={ref} mono />
                <CopyButton value={ref} />
              </div>
            </div>
          </Card.Content>
        </Card>
        {project ? (
          <>
            <ProjectAvailabilityCard project={project} organization={organization} />
            <PostgresVersionCard project={project} organization={organization} />
            <HipaaCard project={project} organization={organization} />
            <DeleteProjectCard project={project} organization={organization} />
          </>
        ) : (
          <Skeleton className="h-40 w-full rounded-lg" />
        )}
      </div>
    </Page>
  );
}
