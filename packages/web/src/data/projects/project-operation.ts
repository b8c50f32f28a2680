import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { ApiBody } from '../api';
import type { MutationHookOptions } from '../mutation-options';
import { projectRef } from '../project-path';
import { projectKeys } from './keys';

/** The lifecycle calls that answer 202 with the project in its pending status, with the body each takes. */
interface OperationBodies {
  pause: undefined;
  restart: undefined;
  restore: ApiBody<'post', '/api/platform/projects/{ref}/restore'> | undefined;
  resize: ApiBody<'post', '/api/platform/projects/{ref}/resize'>;
}
export type ProjectOperation = keyof OperationBodies;

export type ProjectOperationVariables<O extends ProjectOperation> = { ref: string } & (undefined extends OperationBodies[O]
  ? { body?: OperationBodies[O] }
  : { body: OperationBodies[O] });

type Post<O extends ProjectOperation> = (variables: ProjectOperationVariables<O>) => Promise<Project>;

const POSTS: { [O in ProjectOperation]: Post<O> } = {
  pause: ({ ref }) => api.POST('/api/platform/projects/{ref}/pause', { path: projectRef(ref) }),
  restart: ({ ref }) => api.POST('/api/platform/projects/{ref}/restart', { path: projectRef(ref) }),
  restore: ({ ref, body }) => api.POST('/api/platform/projects/{ref}/restore', { path: projectRef(ref), body: body ?? {} }),
  resize: ({ ref, body }) => api.POST('/api/platform/projects/{ref}/resize', { path: projectRef(ref), body }),
};

export function postProjectOperation<O extends ProjectOperation>(operation: O, variables: ProjectOperationVariables<O>): Promise<Project> {
  const post: Post<O> = POSTS[operation];
  return post(variables);
}

/**
 * Starts a lifecycle operation. The answer (PAUSING, RESTARTING, ...) goes straight into the cache,
 * so the layout switches to that status screen and starts polling; `failureToast` words the
 * default error toast.
 */
export function useProjectOperationMutation<O extends ProjectOperation, TVariables extends ProjectOperationVariables<O>>(
  operation: O,
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
