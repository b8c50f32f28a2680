import { branchCreationMinutes, branchDiskEstimateGb, branchHourlyPrice, computeAddonSize } from '@basin/core';
import { useProjectAddonsQuery } from '../../data/addons/use-project-addons-query';

/**
 * The cost notices of the create dialog, from the core sizing rules (spec part 1 §9). The
 * project's selected compute add-on overrides the disk → size map; a project on the default
 * size has none, so its branches follow the map.
 */
export function BranchCostNotice({ projectRef, withData, diskGb }: { projectRef: string; withData: boolean; diskGb: number | undefined }) {
  const { data: addons } = useProjectAddonsQuery(projectRef);
  if (!withData) {
    const { hourlyUsd } = branchHourlyPrice({ withData: false, diskGb: 0 });
    return <p className="text-xs text-muted">A branch without data runs on micro compute at ${hourlyUsd} / hour.</p>;
  }
  if (diskGb === undefined || !addons) return <p className="text-xs text-muted">The cost of a branch with data depends on the size of your database.</p>;
  const { size, hourlyUsd } = branchHourlyPrice({ withData: true, diskGb, computeAddon: computeAddonSize(addons.selected_addons) });
  return (
    <div className="flex flex-col gap-1 text-xs text-muted">
      <p>
        The branch runs on {size} compute at ${hourlyUsd} / hour, with about{' '}
        {branchDiskEstimateGb(diskGb)} GB of disk (1.5 times production).
      </p>
      <p>Copying the data takes about {Math.ceil(branchCreationMinutes(diskGb))} minutes.</p>
      <p>Enable point-in-time recovery (PITR) on production to branch from a recent, consistent state.</p>
    </div>
  );
}
