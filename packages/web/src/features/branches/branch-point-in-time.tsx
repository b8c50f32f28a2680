import type { Control } from 'react-hook-form';
import { usePitrStatusQuery } from '../../data/backups/use-pitr-status-query';
import { CheckboxField } from '../../ui/form-field';
import { RecoveryTimeField } from '../backups/recovery-time-field';
import { recoveryWindowOf } from '../backups/recovery-window';
import type { CreateBranchForm } from './create-branch-form';

/**
 * 'Start from a point in time': a branch with data copies its parent as it was at a second of the
 * parent's recoverable window rather than now. Shown only while the parent has a window.
 */
export function BranchPointInTime({
  projectRef,
  control,
  checked,
}: {
  projectRef: string;
  control: Control<CreateBranchForm>;
  checked: boolean;
}) {
  const window = recoveryWindowOf(usePitrStatusQuery(projectRef).data);
  if (!window) return null;
  return (
    <>
      <CheckboxField
        control={control}
        name="fromPointInTime"
        id="branch-from-point-in-time"
        label="Start from a point in time"
        description="The branch gets the data as it was at that second."
      />
      {checked ? <RecoveryTimeField control={control} name="recoveryTime" id="branch-recovery-time" window={window} /> : null}
    </>
  );
}
