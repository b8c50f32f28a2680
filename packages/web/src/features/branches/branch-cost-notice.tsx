import { branchCreationMinutes, branchDiskEstimateGb, branchHourlyPrice, COMPUTE_SIZE_IDS } from '@basin/core';

/** The cost notices of the create dialog, from the core sizing rules (spec part 1 §9). */
export function BranchCostNotice({ withData, diskGb, computeSize }: { withData: boolean; diskGb: number | undefined; computeSize: string | undefined }) {
  if (!withData) {
    const { hourlyUsd } = branchHourlyPrice({ withData: false, diskGb: 0 });
    return <p className="text-xs text-muted">A branch without data runs on micro compute at ${hourlyUsd} / hour.</p>;
  }
  if (diskGb === undefined) return <p className="text-xs text-muted">The cost of a branch with data depends on the size of your database.</p>;
  // Micro is the default size: only a larger one counts as a compute add-on that overrides the map.
  const addon = COMPUTE_SIZE_IDS.find((id) => id === computeSize && id !== 'micro') ?? null;
  const { size, hourlyUsd } = branchHourlyPrice({ withData: true, diskGb, computeAddon: addon });
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
