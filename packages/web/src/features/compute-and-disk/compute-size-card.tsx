import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COMPUTE_SIZES, computeAddonId, computeSizeLabel } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { useResizeProjectMutation } from '../../data/projects/use-resize-project-mutation';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { ComputeSizePicker, hourlyPrice } from './compute-size-picker';

/** The compute catalogue as a list of choices; a new size is applied by resizing the instance. */
export function ComputeSizeCard({ project, canChange }: { project: Project; canChange: boolean }) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState(project.infra_compute_size);
  const [open, setOpen] = useState(false);
  const resize = useResizeProjectMutation({
    onSuccess: () => {
      setOpen(false);
      // The home shows the resizing screen until the instance runs on its new size.
      void navigate(`/project/${project.ref}`);
    },
  });
  const choice = COMPUTE_SIZES.find((size) => size.size === selected);
  const unchanged = selected === project.infra_compute_size;

  return (
    <Card>
      <Card.Header>
        <Card.Title>Compute size</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4 py-4">
        <ComputeSizePicker value={selected} current={project.infra_compute_size} onChange={setSelected} disabled={!canChange} />
        <TypeToConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Dialog.Trigger asChild>
              <Button className="self-end" disabled={!canChange || unchanged || project.status !== 'ACTIVE_HEALTHY'}>
                Change compute size
              </Button>
            </Dialog.Trigger>
          }
          title={`Change ${project.name} to ${choice?.name ?? selected}?`}
          variant="danger"
          confirmString={project.name}
          confirmLabel="Change compute size"
          loading={resize.isPending}
          onConfirm={() => choice && resize.mutate({ ref: project.ref, body: { compute: computeAddonId(choice.size) } })}
        >
          <p className="text-[13px] text-muted">
            The database restarts on {choice ? computeSizeLabel(choice) : selected}
            {choice ? ` at ${hourlyPrice(choice)}` : ''}. The project is unavailable for a few minutes while it resizes.
          </p>
        </TypeToConfirmDialog>
      </Card.Content>
    </Card>
  );
}
