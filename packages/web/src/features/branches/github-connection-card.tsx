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
import { Checkbox } from '../../ui/checkbox';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
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
  const { control, handleSubmit, reset } = useForm<ConnectForm>({
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { repository: '', token: '' },
  });
  const connect = useCreateGitHubConnectionMutation({ onSuccess: () => reset() });
  const submit = handleSubmit((form) =>
    connect.mutate({
      organizationId: project.organization_id,
      projectRef: project.ref,
      repository: form.repository.trim(),
      token: form.token.trim(),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-[13px] text-muted">
        Connect a repository to tie each preview branch to a git branch: branches then need one that exists in it.
      </p>
      <fieldset disabled={!canWrite} className="grid gap-3 sm:grid-cols-2">
        <FormField
          control={control}
          name="repository"
          rules={{ validate: (value) => repositoryNameError(value) ?? true }}
          id="github-repository"
          label="Repository"
          placeholder="owner/repo"
          autoComplete="off"
        />
        <FormField
          control={control}
          name="token"
          rules={{ validate: (value) => (value.trim() ? true : GITHUB_MESSAGES.tokenRequired) }}
          id="github-token"
          label="Token"
          description="A token that can read the repository. It is stored encrypted and never shown again."
          type="password"
          autoComplete="off"
        />
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
      {/* Saved on change, not part of a form. */}
      <Checkbox
        id="github-gitless-branching"
        role="switch"
        label="Gitless branching"
        description="Allow preview branches without a git branch."
        checked={connection.gitless_branching}
        disabled={!canWrite || update.isPending}
        onChange={(event) => update.mutate({ connection, organizationId, gitlessBranching: event.target.checked })}
      />
    </div>
  );
}
