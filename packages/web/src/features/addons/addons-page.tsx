import { useParams } from 'react-router';
import { computeAddonSize, DEFAULT_COMPUTE_SIZE, LIFECYCLE_MESSAGES } from '@basin/core';
import { useProjectAddonsQuery } from '../../data/addons/use-project-addons-query';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { permissionState } from '../organizations/permission-state';
import { lifecycleActionState } from '../project-settings/settings-row';
import { useAddonPanel } from './addon-panel';
import { ComputeAddonCard } from './compute-addon-card';
import { PitrAddonCard } from './pitr-addon-card';

/** /project/:ref/settings/addons — the compute size (a resize) and point in time recovery; `?panel=` opens a card's panel. */
export function AddonsPage() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const addons = useProjectAddonsQuery(ref);
  const { panel, setOpen } = useAddonPanel();
  const state = lifecycleActionState(
    permissionState(organization, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.resizeForbidden),
    project?.status === 'ACTIVE_HEALTHY',
  );
  const addonSize = addons.data ? computeAddonSize(addons.data.selected_addons) : null;

  return (
    <Page>
      <PageHeader title="Add-ons" description="What the project runs on beyond the plan: its compute size and recovery options." />
      {addons.isPending ? (
        <div className="flex flex-col gap-6">
          <Skeleton className="h-28 w-full rounded-lg" />
          <Skeleton className="h-28 w-full rounded-lg" />
        </div>
      ) : addons.isError ? (
        <ErrorFallback onRetry={() => void addons.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <ComputeAddonCard
            projectRef={ref}
            size={addonSize ?? DEFAULT_COMPUTE_SIZE}
            hasAddon={addonSize !== null}
            state={state}
            open={panel === 'computeInstance'}
            onOpenChange={setOpen('computeInstance')}
          />
          <PitrAddonCard
            project={project}
            organization={organization}
            addons={addons.data}
            open={panel === 'pitr'}
            onOpenChange={setOpen('pitr')}
          />
        </div>
      )}
    </Page>
  );
}
