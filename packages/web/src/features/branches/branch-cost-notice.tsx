import { branchCreationMinutes, branchDiskEstimateGb, branchHourlyPrice, computeAddonSize } from '@basin/core';
import { useProjectAddonsQuery } from '../../data/addons/use-project-addons-query';
import { cataloguePrice } from '../../lib/format-price';
import { BranchPitrNotice } from './branch-pitr-notice';

/**
 * The cost notices of the create dialog, from the core sizing rules (spec part 1 §9) the server
 * creates branches by. The project's selected compute add-on overrides the disk → size map; a
 * project on the default size has none, so its branches follow the map. The PITR line follows
 * the parent's add-on, whatever 'Include data' says.
 */
export function BranchCostNotice({ projectRef, withData, diskGb }: { projectRef: string; withData: boolean; diskGb: number | undefined }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-muted">
      {withData ? <WithDataCost projectRef={projectRef} diskGb={diskGb} /> : <WithoutDataCost />}
      <BranchPitrNotice projectRef={projectRef} />
    </div>
  );
}

function WithoutDataCost() {
  const { size, hourlyUsd } = branchHourlyPrice({ withData: false, diskGb: 0 });
  return (
    <p>
      A branch without data runs on {size} compute at {cataloguePrice(hourlyUsd)} / hour.
    </p>
  );
}

function WithDataCost({ projectRef, diskGb }: { projectRef: string; diskGb: number | undefined }) {
  const { data: addons } = useProjectAddonsQuery(projectRef);
  if (diskGb === undefined || !addons) return <p>The cost of a branch with data depends on the size of your database.</p>;
  const { size, hourlyUsd } = branchHourlyPrice({ withData: true, diskGb, computeAddon: computeAddonSize(addons.selected_addons) });
  return (
    <>
      <p>
        The branch runs on {size} compute at {cataloguePrice(hourlyUsd)} / hour, with about {branchDiskEstimateGb(diskGb)} GB of disk (1.5
        times production).
      </p>
      <p>Copying the data takes about {Math.ceil(branchCreationMinutes(diskGb))} minutes.</p>
    </>
  );
}
