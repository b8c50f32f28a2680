import { useForm } from 'react-hook-form';
import { branchNameError } from '@basin/core';
import { useCreateBranchMutation } from '../../data/branches/use-create-branch-mutation';
import { Button } from '../../ui/button';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { describedBy, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { BranchCostNotice } from './branch-cost-notice';

interface CreateBranchForm {
  branchName: string;
  gitBranch: string;
  withData: boolean;
}

export interface CreateBranchDialogProps {
  projectRef: string;
  existingNames: string[];
  diskGb: number | undefined;
  computeSize: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Create a new preview branch'. No GitHub connection exists yet, so the git branch is optional
 * (the required rule of core's gitBranchError applies once connections land).
 */
export function CreateBranchDialog({ projectRef, existingNames, diskGb, computeSize, open, onOpenChange }: CreateBranchDialogProps) {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<CreateBranchForm>({
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { branchName: '', gitBranch: '', withData: false },
  });
  const createBranch = useCreateBranchMutation({
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
  });
  const submit = handleSubmit((form) =>
    createBranch.mutate({
      ref: projectRef,
      body: { branchName: form.branchName.trim(), gitBranch: form.gitBranch.trim() || undefined, withData: form.withData },
    }),
  );
  const nameError = errors.branchName?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content title="Create a new preview branch">
        <form noValidate onSubmit={submit}>
          <Dialog.Body>
            <FormField id="branch-name" label="Branch name" error={nameError}>
              <Input
                id="branch-name"
                autoComplete="off"
                invalid={Boolean(nameError)}
                aria-describedby={describedBy('branch-name', { error: nameError })}
                {...withDelayedBlur(register('branchName', { validate: (name) => branchNameError(name, existingNames) ?? true }))}
              />
            </FormField>
            <FormField id="git-branch" label="Git branch sync" description="Optional: no GitHub repository is connected.">
              <Input id="git-branch" autoComplete="off" aria-describedby="git-branch-description" {...withDelayedBlur(register('gitBranch'))} />
            </FormField>
            <label className="flex items-center gap-2 text-[13px]">
              <input type="checkbox" role="switch" {...register('withData')} />
              Include data
            </label>
            <BranchCostNotice withData={watch('withData')} diskGb={diskGb} computeSize={computeSize} />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" loading={createBranch.isPending} disabled={createBranch.isPending}>
              Create branch
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog>
  );
}
