import { useParams } from 'react-router';
import { useInfrastructureQuery } from '../../data/infrastructure/use-infrastructure-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ConnectionCard, PoolingCard } from './connection-card';
import { ResetPasswordCard } from './reset-password-card';
import { SslCard } from './ssl-card';

/** /project/:ref/database/settings — how to connect, pooling, SSL, and the database password. */
export function DatabaseSettingsPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const infrastructure = useInfrastructureQuery(ref);

  return (
    <Page>
      <PageHeader title="Database Settings" description="How to reach the database, what pools its connections, and its password." />
      {!project ? (
        <Skeleton className="h-64 w-full rounded-lg" />
      ) : (
        <div className="flex flex-col gap-6">
          <ConnectionCard project={project} />
          <PoolingCard project={project} />
          <SslCard projectRef={ref} network={infrastructure.data?.network} failed={infrastructure.isError} />
          <ResetPasswordCard projectRef={ref} organization={organization} running={project.status === 'ACTIVE_HEALTHY'} />
        </div>
      )}
    </Page>
  );
}
