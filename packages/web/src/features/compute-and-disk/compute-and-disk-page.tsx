import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useDiskQuery } from '../../data/disk/use-disk-query';
import { useResourceWarningsQuery } from '../../data/disk/use-resource-warnings-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ComputeSizeCard } from './compute-size-card';
import { DiskCard } from './disk-card';
import { DiskHistoryCard } from './disk-history-card';

/** /project/:ref/settings/compute-and-disk — the compute size (a resize), the disk (its quota) and the disk's history. */
export function ComputeAndDiskPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const { data: disk } = useDiskQuery(ref);
  const { data: warning } = useResourceWarningsQuery(ref);
  const canChange = can(organization?.role, 'infra.lifecycle:execute');

  return (
    <Page>
      <PageHeader title="Compute and Disk" description="The size of the machine your database runs on, and its disk." />
      <div className="flex flex-col gap-6">
        {project ? <ComputeSizeCard project={project} canChange={canChange} /> : <Skeleton className="h-64 w-full rounded-lg" />}
        {disk && organization ? (
          <DiskCard
            projectRef={ref}
            disk={disk}
            plan={organization.plan.id}
            canChange={canChange}
            autoscaleBlocked={warning?.disk_autoscale_blocked?.message ?? null}
          />
        ) : (
          <Skeleton className="h-48 w-full rounded-lg" />
        )}
        <DiskHistoryCard projectRef={ref} />
      </div>
    </Page>
  );
}
