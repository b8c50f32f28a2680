import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useDiskQuery } from '../../data/disk/use-disk-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ComputeSizeCard } from './compute-size-card';
import { DiskCard } from './disk-card';

/** /project/:ref/settings/compute-and-disk — the compute size (a resize) and the disk (its quota). */
export function ComputeAndDiskPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const { data: disk } = useDiskQuery(ref);
  const canChange = can(organization?.role, 'infra.lifecycle:execute');

  return (
    <Page>
      <PageHeader title="Compute and Disk" description="The size of the machine your database runs on, and its disk." />
      <div className="flex flex-col gap-6">
        {project ? <ComputeSizeCard project={project} canChange={canChange} /> : <Skeleton className="h-64 w-full rounded-lg" />}
        {disk && organization ? (
          <DiskCard projectRef={ref} disk={disk} plan={organization.plan.id} canChange={canChange} />
        ) : (
          <Skeleton className="h-48 w-full rounded-lg" />
        )}
      </div>
    </Page>
  );
}
