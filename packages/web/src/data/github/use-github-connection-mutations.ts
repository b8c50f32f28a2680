import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GITHUB_MESSAGES } from '@basin/core';
import type { CreateGitHubConnectionBody, GitHubConnection } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { githubKeys } from './keys';

export interface GitHubConnectionVariables {
  connection: GitHubConnection;
  organizationId: number;
}

export interface UpdateGitHubConnectionVariables extends GitHubConnectionVariables {
  gitlessBranching: boolean;
}


/**
 * One GitHub connection mutation: the organization's connections are refetched after it, and a
 * failure toasts `failed(message)` unless the caller handles it.
 */
function useConnectionMutation<TData, TVariables extends { organizationId: number }>(
  call: (variables: TVariables) => Promise<TData>,
  failed: (message: string) => string,
  { onSuccess, onError, ...options }: MutationHookOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    async onSuccess(data, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: githubKeys.connections(variables.organizationId) });
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(failed(error.message));
    },
    ...options,
  });
}

export interface CreateGitHubConnectionVariables {
  organizationId: number;
  projectRef: string;
  /** owner/repo */
  repository: string;
  token: string;
}

/** POST: GitHub is asked first, so a refused token or an unknown repository fail here. */
export function useCreateGitHubConnectionMutation(options: MutationHookOptions<GitHubConnection, CreateGitHubConnectionVariables> = {}) {
  return useConnectionMutation(
    ({ organizationId, projectRef, repository, token }: CreateGitHubConnectionVariables) => {
      const body: CreateGitHubConnectionBody = { organization_id: organizationId, project_ref: projectRef, repository, token };
      return api.POST('/api/platform/integrations/github/connections', { body });
    },
    GITHUB_MESSAGES.connectFailed,
    options,
  );
}

export function useUpdateGitHubConnectionMutation(options: MutationHookOptions<GitHubConnection, UpdateGitHubConnectionVariables> = {}) {
  return useConnectionMutation(
    ({ connection, gitlessBranching }: UpdateGitHubConnectionVariables) =>
      api.PATCH('/api/platform/integrations/github/connections/{id}', { path: { id: connection.id }, body: { gitless_branching: gitlessBranching } }),
    GITHUB_MESSAGES.updateFailed,
    options,
  );
}

export function useDeleteGitHubConnectionMutation(options: MutationHookOptions<void, GitHubConnectionVariables> = {}) {
  return useConnectionMutation(
    ({ connection }: GitHubConnectionVariables) => api.DELETE('/api/platform/integrations/github/connections/{id}', { path: { id: connection.id } }),
    GITHUB_MESSAGES.disconnectFailed,
    options,
  );
}
