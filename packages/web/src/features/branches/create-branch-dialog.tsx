import { useForm } from 'react-hook-form';
import { branchNameError, gitBranchError, GITHUB_MESSAGES } from '@basin/core';
import type { GitHubConnection } from '@basin/core/schemas';
import { useCreateBranchMutation } from '../../data/branches/use-create-branch-mutation';
import { gitHubBranchError } from '../../data/github/check-github-branch';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CheckboxField, FormField } from '../../ui/form-field';
import { toUnixSeconds } from '../backups/recovery-window';
import { BranchCostNotice } from './branch-cost-notice';
import { BranchPointInTime } from './branch-point-in-time';
import type { CreateBranchForm } from './create-branch-form';

export interface CreateBranchDialogProps {
  projectRef: string;
  existingNames: string[];
  diskGb: number | undefined;
  /** The project's GitHub connection: null without one, undefined while unknown. */
  connection: GitHubConnection | null | undefined;
  /** The connections could not be read. */
  connectionFailed: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the git branch field says under it, before any error. */
function gitBranchDescription(connection: GitHubConnection | null | undefined): string {
  if (!connection) return 'Optional: no GitHub repository is connected.';
  if (connection.gitless_branching) return `Optional: gitless branching is on for ${connection.repository.name}.`;
  return `Required: the branch of ${connection.repository.name} this preview branch follows.`;
}

/**
 * 'Create a new preview branch'. The git branch is required when the project is connected to
 * GitHub and gitless branching is off (core's rule, the server's too), and a given one is checked
 * to exist in the repository, on submit and again on blur. A branch with data can start from a
 * second of the parent's point-in-time recovery window.
 */
export function CreateBranchDialog({
  projectRef,
  existingNames,
  diskGb,
  connection,
  connectionFailed,
  open,
  onOpenChange,
}: CreateBranchDialogProps) {
  const {
    control,
    handleSubmit,
    watch,
    reset,
    formState: { isSubmitting },
  } = useForm<CreateBranchForm>({
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { branchName: '', gitBranch: '', withData: false, fromPointInTime: false, recoveryTime: '' },
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
      body: {
        branchName: form.branchName.trim(),
        gitBranch: form.gitBranch.trim() || undefined,
        withData: form.withData,
        recovery_time_target: form.withData && form.fromPointInTime ? toUnixSeconds(form.recoveryTime) : undefined,
      },
    }),
  );

  async function validateGitBranch(value: string): Promise<string | true> {
    const gitBranch = value.trim();
    const missing = gitBranchError(gitBranch, {
      githubConnected: Boolean(connection),
      gitlessBranching: connection?.gitless_branching ?? false,
    });
    if (missing) return missing;
    if (!connection || !gitBranch) return true;
    return (await gitHubBranchError(connection, gitBranch)) ?? true;
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content title="Create a new preview branch">
        <form noValidate onSubmit={submit}>
          <Dialog.Body>
            <FormField
              control={control}
              name="branchName"
              rules={{ validate: (name) => branchNameError(name, existingNames) ?? true }}
              id="branch-name"
              label="Branch name"
              autoComplete="off"
            />
            {connectionFailed ? <Alert tone="danger" title={GITHUB_MESSAGES.connectionsFailed} /> : null}
            <FormField
              control={control}
              name="gitBranch"
              rules={{ validate: validateGitBranch }}
              id="git-branch"
              label="Git branch sync"
              description={gitBranchDescription(connection)}
              autoComplete="off"
            />
            <CheckboxField control={control} name="withData" id="branch-with-data" role="switch" label="Include data" />
            {watch('withData') ? <BranchPointInTime projectRef={projectRef} control={control} checked={watch('fromPointInTime')} /> : null}
            <BranchCostNotice projectRef={projectRef} withData={watch('withData')} diskGb={diskGb} />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" loading={createBranch.isPending} disabled={isSubmitting || createBranch.isPending}>
              Create branch
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog>
  );
}
