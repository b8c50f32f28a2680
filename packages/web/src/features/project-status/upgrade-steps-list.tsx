import { UPGRADE_STEPS } from '@basin/core';
import { StepsList } from '../../ui/steps-list';

/** The 8 upgrade steps in order (spec part 1 §2), up to `current`. */
export function UpgradeStepsList({ current }: { current: number }) {
  return <StepsList label="Upgrade steps" steps={UPGRADE_STEPS} current={current} />;
}
