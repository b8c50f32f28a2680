import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from './keys';

/** The lifecycle calls that answer 202 with the project in its pending status. */
export type ProjectOperation = 'pause' | 'restart' | 'restore' | 'resize';

export interface ProjectOperationVariables {
  ref: string;
  body?: object;
}

export function postProjectOperation(operation: ProjectOperation, { ref, body = {} }: ProjectOperationVariables): Promise<Project> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return fetcher<Project>(`/api/platform/projects/${encodeURIComponent(projectRef)}/${operation}`, { method: 'POST', body });
}

/**
 * Starts a lifecycle operation. The answer (PAUSING, RESTARTING, ...) goes straight into the cache,
 * so the layout switches to that status screen and starts polling; `failureToast` words the
 * default error toast.
 */
export function useProjectOperationMutation<TVariables extends ProjectOperationVariables>(
  operation: ProjectOperation,
  failureToast: (message: string) => string,
  { onSuccess, onError, ...options }: MutationHookOptions<Project, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => postProjectOperation(operation, variables),
    async onSuccess(project, variables, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(project.organization_slug) });
      await onSuccess?.(project, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(failureToast(error.message));
    },
    ...options,
  });
}
