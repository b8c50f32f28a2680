import { Cpu } from 'lucide-react';
import { computeAddonName, computeSize, computeSizeLabel, type ComputeSizeId } from '@basin/core';
import { Card } from '../../ui/card';
import { Sheet } from '../../ui/sheet';
import { hourlyPrice, monthlyPrice } from '../compute-and-disk/compute-size-picker';
import { ActionTrigger, SettingsRow, type ActionState } from '../project-settings/settings-row';
import { ComputeSizePanel } from './compute-size-panel';

/** The compute add-on: the size the project runs on, and the panel that changes it. */
export function ComputeAddonCard({
  projectRef,
  size,
  hasAddon,
  state,
  open,
  onOpenChange,
}: {
  projectRef: string;
  size: ComputeSizeId;
  /** False on the default size, which is no add-on. */
  hasAddon: boolean;
  state: ActionState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const entry = computeSize(size);
  return (
    <Card>
      <Card.Header>
        <Card.Title>Compute size</Card.Title>
      </Card.Header>
      <SettingsRow
        title={computeAddonName(size)}
        description={
          <>
            <p>
              {computeSizeLabel(entry)} · {hourlyPrice(entry)} · {monthlyPrice(entry)}
            </p>
            <p>{hasAddon ? `Compute add-on ci_${size} is selected.` : 'The default size: no compute add-on is selected.'}</p>
          </>
        }
        action={
          <Sheet open={open} onOpenChange={onOpenChange}>
            <ActionTrigger state={state} icon={Cpu} label="Change compute size" />
            {open ? (
              <ComputeSizePanel
                projectRef={projectRef}
                current={size}
                hasAddon={hasAddon}
                state={state}
                onDone={() => onOpenChange(false)}
              />
            ) : null}
          </Sheet>
        }
      />
    </Card>
  );
}
