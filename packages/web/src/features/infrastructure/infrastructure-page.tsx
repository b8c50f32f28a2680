import { useParams } from 'react-router';
import { useInfrastructureQuery } from '../../data/infrastructure/use-infrastructure-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Alert } from '../../ui/alert';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { ComputeAndDiskCard } from './compute-and-disk-card';
import { NetworkCard } from './network-card';
import { PostgresVersionCard } from './postgres-version-card';

function Loading() {
  return (
    <div className="flex flex-col gap-6" aria-label="Loading infrastructure">
      <Skeleton className="h-44 w-full rounded-lg" />
      <Skeleton className="h-52 w-full rounded-lg" />
      <Skeleton className="h-40 w-full rounded-lg" />
    </div>
  );
}

/** /project/:ref/settings/infrastructure — what the database runs on, read from the instance itself. */
export function InfrastructurePage() {
  const { ref = '' } = useParams();
  const infrastructure = useInfrastructureQuery(ref);
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);

  return (
    <Page>
      <PageHeader
        title="Infrastructure"
        description="The Postgres server behind this project: its version, where it listens, and its size."
      />
      {infrastructure.isPending || !project ? (
        <Loading />
      ) : infrastructure.isError ? (
        <ErrorFallback onRetry={() => void infrastructure.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          {infrastructure.data.running ? null : (
            <Alert title="The database is not running">Its exact version, address and SSL setting show once it runs again.</Alert>
          )}
          <PostgresVersionCard postgres={infrastructure.data.postgres} project={project} organization={organization} />
          <NetworkCard network={infrastructure.data.network} />
          <ComputeAndDiskCard infrastructure={infrastructure.data} projectRef={ref} />
        </div>
      )}
    </Page>
  );
}
