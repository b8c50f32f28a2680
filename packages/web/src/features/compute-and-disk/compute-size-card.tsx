import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COMPUTE_SIZES, computeSizeLabel, type ComputeSize } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { useResizeProjectMutation } from '../../data/projects/use-resize-project-mutation';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';

const usd = (value: number, digits: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;

export const hourlyPrice = (size: ComputeSize) => `${usd(size.hourlyUsd, size.hourlyUsd < 0.1 ? 4 : 2)} / hour`;
export const monthlyPrice = (size: ComputeSize) => `~${usd(size.monthlyUsd, 0)} / month`;

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
        <fieldset className="grid gap-2 sm:grid-cols-2" disabled={!canChange}>
          <legend className="sr-only">Compute size</legend>
          {COMPUTE_SIZES.map((size) => (
            <label
              key={size.id}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-border px-3 py-2 text-[13px] has-checked:border-primary"
            >
              <input
                type="radio"
                name="compute-size"
                value={size.size}
                checked={selected === size.size}
                onChange={() => setSelected(size.size)}
                className="mt-1"
              />
              <span className="flex flex-col">
                <span className="font-medium">
                  {size.size}
                  {size.size === project.infra_compute_size ? ' (current)' : ''}
                </span>
                <span className="text-muted">{computeSizeLabel(size)}</span>
                <span className="text-muted">
                  {hourlyPrice(size)} · {monthlyPrice(size)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
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
          title={`Change ${project.name} to ${selected}?`}
          variant="danger"
          confirmString={project.name}
          confirmLabel="Change compute size"
          loading={resize.isPending}
          onConfirm={() => resize.mutate({ ref: project.ref, body: { compute: `ci_${selected}` } })}
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
