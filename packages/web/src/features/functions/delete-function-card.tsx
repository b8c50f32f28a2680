import type { EdgeFunction } from '@basin/core/schemas';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteFunctionMutation } from '../../data/functions/use-delete-function-mutation';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';

/** Deletes the function with all its versions after its slug is typed; back to the list after. */
export function DeleteFunctionCard({
  projectRef,
  fn,
  canWrite,
  writeTooltip,
}: {
  projectRef: string;
  fn: EdgeFunction;
  canWrite: boolean;
  writeTooltip: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteFunctionMutation({
    onSuccess: () => {
      setOpen(false);
      void navigate(`/project/${projectRef}/functions`);
    },
  });
  return (
    <Card className="border-danger/40">
      <Card.Header>
        <div>
          <Card.Title>Delete edge function</Card.Title>
          <p className="text-xs text-muted">The function and every version of it go; its URL answers 404 from then on.</p>
        </div>
        {canWrite ? null : (
          <Tooltip content={writeTooltip} wrapDisabled>
            <Button variant="danger" size="sm" disabled>
              <Trash2 className="size-3.5" aria-hidden="true" />
              Delete function
            </Button>
          </Tooltip>
        )}
        {canWrite ? (
          <TypeToConfirmDialog
            open={open}
            onOpenChange={setOpen}
            trigger={
              <Dialog.Trigger asChild>
                <Button variant="danger" size="sm">
                  <Trash2 className="size-3.5" aria-hidden="true" />
                  Delete function
                </Button>
              </Dialog.Trigger>
            }
            title={`Delete ${fn.name}`}
            description="This cannot be undone."
            variant="danger"
            confirmLabel="Delete function"
            confirmString={fn.slug}
            loading={remove.isPending}
            onConfirm={() => remove.mutate({ ref: projectRef, slug: fn.slug })}
          >
            <p className="text-[13px] text-muted">
              Apps calling <code className="font-mono text-xs">/functions/v1/{fn.slug}</code> get 404 at once. Its secrets stay: they belong
              to the project.
            </p>
          </TypeToConfirmDialog>
        ) : null}
      </Card.Header>
    </Card>
  );
}
