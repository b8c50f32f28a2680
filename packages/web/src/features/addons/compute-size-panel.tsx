import { useState } from 'react';
import { ADDON_MESSAGES, computeAddonId, computeAddonName, DEFAULT_COMPUTE_SIZE, type ComputeSizeId } from '@basin/core';
import { useRemoveAddonMutation } from '../../data/addons/use-remove-addon-mutation';
import { useSelectAddonMutation } from '../../data/addons/use-select-addon-mutation';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Sheet } from '../../ui/sheet';
import { ComputeSizePicker } from '../compute-and-disk/compute-size-picker';
import type { ActionState } from '../project-settings/settings-row';

/**
 * The side panel with the size picker. A new size is the compute add-on `ci_<size>`; going back
 * to the default size removes the add-on. Either way the instance restarts on it (a resize).
 */
export function ComputeSizePanel({
  projectRef,
  current,
  hasAddon,
  state,
  onDone,
}: {
  projectRef: string;
  current: ComputeSizeId;
  hasAddon: boolean;
  state: ActionState;
  onDone: () => void;
}) {
  const [selected, setSelected] = useState<ComputeSizeId>(current);
  const onSuccess = () => {
    toast.success(ADDON_MESSAGES.updating(computeAddonName(selected)));
    onDone();
  };
  const select = useSelectAddonMutation({ onSuccess });
  const remove = useRemoveAddonMutation({ onSuccess });
  const pending = select.isPending || remove.isPending;

  function apply() {
    if (selected === DEFAULT_COMPUTE_SIZE && hasAddon) remove.mutate({ ref: projectRef, variant: computeAddonId(current) });
    else select.mutate({ ref: projectRef, body: { addon_type: 'compute_instance', addon_variant: computeAddonId(selected) } });
  }

  return (
    <Sheet.Content title="Change compute size" side="right" className="w-[640px]">
      <div className="flex min-h-full flex-col">
        <div className="flex flex-1 flex-col gap-4 p-4">
          {state.hint ? <Alert tone="warning" title={state.hint} /> : null}
          <p className="text-[13px] text-muted">
            The database restarts with the memory and connection settings of the size you choose; the project is unavailable for a few
            moments. Sizes are billed by the hour.
          </p>
          <ComputeSizePicker value={selected} current={current} onChange={setSelected} disabled={state.disabled || pending} />
        </div>
        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-surface px-4 py-3">
          <Sheet.Close asChild>
            <Button>Cancel</Button>
          </Sheet.Close>
          <Button variant="primary" loading={pending} disabled={state.disabled || selected === current} onClick={apply}>
            Change compute size
          </Button>
        </div>
      </div>
    </Sheet.Content>
  );
}
