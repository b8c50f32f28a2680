import { Pause, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIFECYCLE_MESSAGES, MAX_DAYS_TILL_RESTORE_DISABLED, PAUSE_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { usePauseProjectMutation } from '../../data/projects/use-pause-project-mutation';
import { useRestartProjectMutation } from '../../data/projects/use-restart-project-mutation';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { permissionState } from '../organizations/permission-state';
import { ActionTrigger, lifecycleActionState, SettingsRow, type ActionState } from './settings-row';

export function RestartProject({ project, state }: { project: Project; state: ActionState }) {
  const [open, setOpen] = useState(false);
  const restart = useRestartProjectMutation({ onSuccess: () => setOpen(false) });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<ActionTrigger state={state} icon={RotateCw} label="Restart project" />}
      title={`Restart ${project.name}?`}
      confirmLabel="Restart project"
      loading={restart.isPending}
      onConfirm={() => restart.mutate({ ref: project.ref })}
    >
      <p className="text-[13px] text-muted">
        The database restarts: open connections are closed and the project is unavailable for a few moments.
      </p>
    </ConfirmDialog>
  );
}

function PauseProject({ project, state }: { project: Project; state: ActionState }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The home shows the pausing screen, then the paused project with its restore button.
  const pause = usePauseProjectMutation({
    onSuccess: () => {
      setOpen(false);
      void navigate(`/project/${project.ref}`);
    },
  });
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<ActionTrigger state={state} icon={Pause} label="Pause project" />}
      title={`Pause ${project.name}?`}
      variant="danger"
      confirmString={project.name}
      confirmLabel="Pause project"
      loading={pause.isPending}
      onConfirm={() => pause.mutate({ ref: project.ref })}
    >
      <p className="text-[13px] text-muted">
        A backup is taken, then the database stops. Its data is kept, but the project and its API are unavailable until it is restored.
      </p>
    </TypeToConfirmDialog>
  );
}

/** Restart and pause, for members who may run lifecycle operations on an active project. */
export function ProjectAvailabilityCard({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const active = project.status === 'ACTIVE_HEALTHY';
  const state = (refusal: string) => lifecycleActionState(permissionState(organization, 'infra.lifecycle:execute', refusal), active);
  return (
    <Card>
      <Card.Header>
        <Card.Title>Project availability</Card.Title>
      </Card.Header>
      <div className="divide-y divide-border">
        <SettingsRow
          title="Restart project"
          description="The project is unavailable for a few moments while its database restarts."
          action={<RestartProject project={project} state={state(LIFECYCLE_MESSAGES.restartForbidden)} />}
        />
        <SettingsRow
          title="Pause project"
          description={`The database stops and its data is kept. Restore the project within ${MAX_DAYS_TILL_RESTORE_DISABLED} days to use it again.`}
          action={<PauseProject project={project} state={state(PAUSE_MESSAGES.noPermission)} />}
        />
      </div>
    </Card>
  );
}
