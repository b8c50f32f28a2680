import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PITR_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useRestorePitrMutation } from '../../data/backups/use-restore-pitr-mutation';
import { fromDateTimeLocal } from '../../lib/datetime-local';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Tooltip } from '../../ui/tooltip';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { permissionState } from '../organizations/permission-state';
import { lifecycleActionState } from '../project-settings/settings-row';
import { RecoveryTimeField } from './recovery-time-field';
import { formatWindowBound, toUnixSeconds, windowInputBounds, type RecoveryWindow } from './recovery-window';

interface RestoreForm {
  recoveryTime: string;
}

/**
 * Picks the second to go back to, then asks with the project's name typed, since everything
 * written after that second is lost. Needs infra.lifecycle:execute and a healthy project.
 */
export function PitrRestoreForm({
  project,
  organization,
  window,
}: {
  project: Project;
  organization: Organization | undefined;
  window: RecoveryWindow;
}) {
  const { control, handleSubmit, watch } = useForm<RestoreForm>({
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { recoveryTime: windowInputBounds(window).max },
  });
  const [confirming, setConfirming] = useState(false);
  const restore = useRestorePitrMutation({ onSuccess: () => setConfirming(false) });
  const state = lifecycleActionState(
    permissionState(organization, 'infra.lifecycle:execute', PITR_MESSAGES.restoreForbidden),
    project.status === 'ACTIVE_HEALTHY',
  );
  const value = watch('recoveryTime');
  const target = formatWindowBound(fromDateTimeLocal(value) ?? window.latestMs);

  return (
    <Card>
      <Card.Header>
        <Card.Title>Restore to a point in time</Card.Title>
      </Card.Header>
      <form noValidate onSubmit={handleSubmit(() => setConfirming(true))} className="flex flex-col gap-4 px-4 py-4">
        <div className="max-w-sm">
          <RecoveryTimeField control={control} name="recoveryTime" id="pitr-recovery-time" window={window} />
        </div>
        <div>
          <Tooltip content={state.hint} wrapDisabled>
            <Button type="submit" variant="primary" disabled={state.disabled} aria-description={state.hint ?? undefined}>
              Review restore
            </Button>
          </Tooltip>
        </div>
      </form>
      <TypeToConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Restore ${project.name} to ${target}`}
        variant="danger"
        confirmLabel="Restore to this point"
        confirmString={project.name}
        loading={restore.isPending}
        onConfirm={() => restore.mutate({ ref: project.ref, targetUnix: toUnixSeconds(value) })}
      >
        <Alert tone="warning" title={`Everything written after ${target} will be lost`}>
          The database restarts from its state at that second; the project is unavailable until the restore is done. If the restore fails,
          the database keeps running as it is now.
        </Alert>
      </TypeToConfirmDialog>
    </Card>
  );
}
