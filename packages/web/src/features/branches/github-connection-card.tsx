import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { GITHUB_MESSAGES, repositoryNameError } from '@basin/core';
import type { GitHubConnection, Project } from '@basin/core/schemas';
import {
  useCreateGitHubConnectionMutation,
  useDeleteGitHubConnectionMutation,
  useUpdateGitHubConnectionMutation,
} from '../../data/github/use-github-connection-mutations';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { describedBy, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Tooltip } from '../../ui/tooltip';

export interface GitHubConnectionCardProps {
  project: Project;
  /** null when the project has none, undefined while loading or after a failure. */
  connection: GitHubConnection | null | undefined;
  failed: boolean;
  /** The member may manage connections (the integrations permission). */
  canWrite: boolean;
}

/** The project's GitHub repository: connect one with a token, toggle gitless branching, disconnect. */
export function GitHubConnectionCard({ project, connection, failed, canWrite }: GitHubConnectionCardProps) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>GitHub</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3 py-4">
        {failed ? <Alert tone="danger" title={GITHUB_MESSAGES.connectionsFailed} /> : null}
        {connection ? (
          <ConnectedRepository connection={connection} organizationId={project.organization_id} canWrite={canWrite} />
        ) : connection === null ? (
          <ConnectRepositoryForm project={project} canWrite={canWrite} />
        ) : null}
        {!canWrite && connection !== undefined ? <p className="text-xs text-muted">{GITHUB_MESSAGES.writeForbidden}</p> : null}
      </Card.Content>
    </Card>
  );
}

interface ConnectForm {
  repository: string;
  token: string;
}

function ConnectRepositoryForm({ project, canWrite }: { project: Project; canWrite: boolean }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ConnectForm>({ mode: 'onSubmit', reValidateMode: 'onBlur', defaultValues: { repository: '', token: '' } });
  const connect = useCreateGitHubConnectionMutation({ onSuccess: () => reset() });
  const submit = handleSubmit((form) =>
    connect.mutate({
      organizationId: project.organization_id,
      projectRef: project.ref,
      repository: form.repository.trim(),
      token: form.token.trim(),
    }),
  );
  const repositoryError = errors.repository?.message;
  const tokenError = errors.token?.message;
  const tokenDescription = 'A token that can read the repository. It is stored encrypted and never shown again.';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-[13px] text-muted">
        Connect a repository to tie each preview branch to a git branch: branches then need one that exists in it.
      </p>
      <fieldset disabled={!canWrite} className="grid gap-3 sm:grid-cols-2">
        <FormField id="github-repository" label="Repository" error={repositoryError}>
          <Input
            id="github-repository"
            placeholder="owner/repo"
            autoComplete="off"
            invalid={Boolean(repositoryError)}
            aria-describedby={describedBy('github-repository', { error: repositoryError })}
            {...withDelayedBlur(register('repository', { validate: (value) => repositoryNameError(value) ?? true }))}
          />
        </FormField>
        <FormField id="github-token" label="Token" description={tokenDescription} error={tokenError}>
          <Input
            id="github-token"
            type="password"
            autoComplete="off"
            invalid={Boolean(tokenError)}
            aria-describedby={describedBy('github-token', { error: tokenError, description: tokenDescription })}
            {...withDelayedBlur(register('token', { validate: (value) => (value.trim() ? true : GITHUB_MESSAGES.tokenRequired) }))}
          />
        </FormField>
      </fieldset>
      <div>
        <Button type="submit" variant="primary" loading={connect.isPending} disabled={!canWrite || connect.isPending}>
          Connect repository
        </Button>
      </div>
    </form>
  );
}

function ConnectedRepository({
  connection,
  organizationId,
  canWrite,
}: {
  connection: GitHubConnection;
  organizationId: number;
  canWrite: boolean;
}) {
  const [disconnecting, setDisconnecting] = useState(false);
  const update = useUpdateGitHubConnectionMutation();
  const disconnect = useDeleteGitHubConnectionMutation({ onSuccess: () => setDisconnecting(false) });
  const name = connection.repository.name;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-[13px]">
          Connected to <span className="font-mono font-medium">{name}</span>
        </p>
        <ConfirmDialog
          open={disconnecting}
          onOpenChange={setDisconnecting}
          trigger={
            <Tooltip content={canWrite ? null : GITHUB_MESSAGES.writeForbidden} wrapDisabled>
              <Dialog.Trigger asChild>
                <Button disabled={!canWrite}>Disconnect</Button>
              </Dialog.Trigger>
            </Tooltip>
          }
          title={`Disconnect ${name}?`}
          variant="danger"
          confirmLabel="Disconnect"
          loading={disconnect.isPending}
          onConfirm={() => disconnect.mutate({ connection, organizationId })}
        >
          <p className="text-[13px] text-muted">
            New preview branches will no longer be checked against {name}, and the stored token is deleted.
          </p>
        </ConfirmDialog>
      </div>
      <label className="flex items-start gap-2 text-[13px]">
        <input
          type="checkbox"
          role="switch"
          className="mt-0.5"
          checked={connection.gitless_branching}
          disabled={!canWrite || update.isPending}
          onChange={(event) => update.mutate({ connection, organizationId, gitlessBranching: event.target.checked })}
        />
        <span>
          <span className="font-medium">Gitless branching</span>
          <span className="block text-xs text-muted">Allow preview branches without a git branch.</span>
        </span>
      </label>
    </div>
  );
}
