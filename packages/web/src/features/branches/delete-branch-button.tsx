import { Trash } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DELETE_PROJECT_MESSAGES } from '@basin/core';
import type { BranchItem } from '@basin/core/schemas';
import { branchKeys } from '../../data/branches/keys';
import { useDeleteProjectMutation } from '../../data/projects/use-delete-project-mutation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';

export interface DeleteBranchButtonProps {
  branch: BranchItem;
  parentRef: string;
  organizationSlug: string;
  /** The member may delete projects: a branch is deleted as one. */
  canDelete: boolean;
}

/**
 * Deletes a preview branch the way a project is deleted (the branch is one), after its name is
 * typed; the parent's branch list is refetched and keeps polling until the branch is gone.
 */
export function DeleteBranchButton({ branch, parentRef, organizationSlug, canDelete }: DeleteBranchButtonProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const deleteBranch = useDeleteProjectMutation({
    async onSuccess() {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: branchKeys.list(parentRef) });
    },
  });
  const goingDown = branch.status === 'GOING_DOWN';

  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Tooltip content={canDelete ? null : DELETE_PROJECT_MESSAGES.noPermission} wrapDisabled>
          <Dialog.Trigger asChild>
            <Button size="icon" variant="ghost" aria-label={`Delete branch ${branch.name}`} disabled={!canDelete || goingDown}>
              <Trash className="size-3.5" aria-hidden="true" />
            </Button>
          </Dialog.Trigger>
        </Tooltip>
      }
      title={DELETE_PROJECT_MESSAGES.title(branch.name)}
      variant="danger"
      size="small"
      confirmString={branch.name}
      confirmLabel="I understand, delete this branch"
      loading={deleteBranch.isPending}
      onConfirm={() => deleteBranch.mutate({ ref: branch.project_ref, name: branch.name, organizationSlug })}
    >
      <p className="text-[13px] text-muted">The branch's database and its data are deleted. {DELETE_PROJECT_MESSAGES.freePlanText}</p>
    </TypeToConfirmDialog>
  );
}
