import { useState } from 'react';
import {
  ADDON_MESSAGES,
  computeAddonSize,
  DEFAULT_COMPUTE_SIZE,
  parsePitrAddon,
  pitrAddonId,
  pitrAllowed,
  type PitrRetentionDays,
} from '@basin/core';
import type { Organization, Project, ProjectAddonsResponse } from '@basin/core/schemas';
import { useRemoveAddonMutation } from '../../data/addons/use-remove-addon-mutation';
import { useSelectAddonMutation } from '../../data/addons/use-select-addon-mutation';
import { toast } from '../../lib/toast';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/radio-group';
import { Sheet } from '../../ui/sheet';
import { Tooltip } from '../../ui/tooltip';
import { useSubscriptionChangeState } from '../billing/subscription-change-state';
import { NOT_ACTIVE_HINT } from '../project-settings/settings-row';
import { pitrVariantPrice } from './pitr-addon';
import { PitrRequirement } from './pitr-requirement';

/** The radio value of turning it off. */
const NONE = 'none';

/**
 * The recovery window to keep: none, 7, 14 or 28 days, at the variants' prices. Turning it on
 * restarts the database with WAL archiving, none removes the add-on (another restart), another
 * window only changes what is kept. The choice needs subscription changes allowed (billing write,
 * the feature flag; the spec's tooltips otherwise) and a healthy project.
 */
export function PitrAddonPanel({
  project,
  organization,
  addons,
  current,
  onDone,
}: {
  project: Project;
  organization: Organization;
  addons: ProjectAddonsResponse;
  current: PitrRetentionDays | null;
  onDone: () => void;
}) {
  const currentValue = current === null ? NONE : pitrAddonId(current);
  const [selected, setSelected] = useState(currentValue);
  const variants = addons.available_addons.find((addon) => addon.type === 'pitr')?.variants ?? [];
  const chosen = variants.find((variant) => variant.identifier === selected);

  const onSuccess = () => {
    if (!chosen) toast.success(ADDON_MESSAGES.pitrRemoving);
    else toast.success(current === null ? ADDON_MESSAGES.pitrUpdating(chosen.name) : ADDON_MESSAGES.pitrWindowChanged(chosen.name));
    onDone();
  };
  const select = useSelectAddonMutation({ onSuccess, onError: (error) => toast.error(error.message) });
  const remove = useRemoveAddonMutation({ onSuccess, onError: (error) => toast.error(error.message) });
  const pending = select.isPending || remove.isPending;

  const billing = useSubscriptionChangeState(organization);
  const size = computeAddonSize(addons.selected_addons) ?? DEFAULT_COMPUTE_SIZE;
  const requirementMet = 'ok' in pitrAllowed(organization.plan.id, size);
  const hint = billing.hint ?? (project.status === 'ACTIVE_HEALTHY' ? null : NOT_ACTIVE_HINT);
  const disabled = billing.disabled || hint !== null || selected === currentValue || (chosen !== undefined && !requirementMet);

  function apply() {
    if (chosen) select.mutate({ ref: project.ref, body: { addon_type: 'pitr', addon_variant: chosen.identifier } });
    else if (current !== null) remove.mutate({ ref: project.ref, variant: pitrAddonId(current) });
  }

  return (
    <Sheet.Content title="Point in time recovery" side="right" className="w-[520px]">
      <div className="flex min-h-full flex-col">
        <div className="flex flex-1 flex-col gap-4 p-4">
          {project.status === 'RESTARTING' ? (
            <Alert title="The database is restarting">It comes back with point in time recovery as chosen; this takes a few moments.</Alert>
          ) : null}
          <p className="text-[13px] text-muted">
            The database&apos;s write-ahead log is archived continuously beside periodic base backups, so that it can be restored, or a
            branch started, at any second of the window you keep. Turning it on or off restarts the database; changing the window does not.
          </p>
          <PitrRequirement projectRef={project.ref} organization={organization} size={size} />
          <p id="pitr-window-label" className="text-[13px] font-medium">
            Recovery window
          </p>
          <RadioGroup value={selected} onValueChange={setSelected} labelledBy="pitr-window-label" disabled={pending || billing.disabled}>
            <RadioGroup.Item value={NONE} description="Scheduled daily backups only.">
              No point in time recovery{current === null ? ' (current)' : ''}
            </RadioGroup.Item>
            {variants.map((variant) => (
              <RadioGroup.Item
                key={variant.identifier}
                value={variant.identifier}
                disabled={!requirementMet}
                description={`Any second of the last ${variant.name} · ${pitrVariantPrice(variant)}`}
              >
                {variant.name}
                {parsePitrAddon(variant.identifier) === current ? ' (current)' : ''}
              </RadioGroup.Item>
            ))}
          </RadioGroup>
        </div>
        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-surface px-4 py-3">
          <Sheet.Close asChild>
            <Button>Cancel</Button>
          </Sheet.Close>
          <Tooltip content={hint} wrapDisabled>
            <Button variant="primary" loading={pending} disabled={disabled} aria-description={hint ?? undefined} onClick={apply}>
              Confirm
            </Button>
          </Tooltip>
        </div>
      </div>
    </Sheet.Content>
  );
}
