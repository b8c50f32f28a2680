import { PITR_MESSAGES, PITR_RESTORE_STEPS, type PitrRestoreStep } from '@basin/core';
import type { PitrRestore } from '@basin/core/schemas';
import { formatDateTimeWithZone } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { StepsList } from '../../ui/steps-list';

/** The latest restore to a point: its steps while it runs, then what it came to. */
export function PitrRestoreStatus({ restore }: { restore: PitrRestore }) {
  const target = formatDateTimeWithZone(restore.target_time);
  if (restore.status === 'COMPLETED') {
    return (
      <Alert title={`Restored to ${target}`}>
        The database holds its data as of that second; what was written after it is gone.
        {restore.completed_at ? ` Finished ${formatDateTimeWithZone(restore.completed_at)}.` : null}
      </Alert>
    );
  }
  if (restore.status === 'FAILED') {
    return (
      <Alert tone="danger" title="The restore failed">
        {PITR_MESSAGES.restoreFailed(target, restore.error ?? 'no reason was given')}
      </Alert>
    );
  }
  return (
    <Card>
      <Card.Header>
        <Card.Title>Restoring to {target}</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-2 py-4">
        <p className="text-[13px] text-muted">The project is unavailable until the restore is done. This page updates by itself.</p>
        <StepsList
          label="Restore steps"
          steps={PITR_RESTORE_STEPS}
          current={PITR_RESTORE_STEPS.indexOf(restore.step as PitrRestoreStep) + 1}
        />
      </Card.Content>
    </Card>
  );
}
