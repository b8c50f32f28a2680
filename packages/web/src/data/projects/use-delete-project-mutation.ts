import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_PROJECT_MESSAGES, requireIdentifier } from '@basin/core';
import type { DeletedProject } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from './keys';

export interface DeleteProjectVariables {
  ref: string;
  /** For the toast. */
  name: string;
  organizationSlug: string;
}

export function deleteProject({ ref }: DeleteProjectVariables): Promise<DeletedProject> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.DELETE('/api/platform/projects/{ref}', { path: { ref: projectRef } });
}

/** Deletes the project: 'Successfully deleted {name}', and its cached data is dropped. */
export function useDeleteProjectMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<DeletedProject, DeleteProjectVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    async onSuccess(data, variables, ...rest) {
      toast.success(DELETE_PROJECT_MESSAGES.deleted(variables.name));
      await onSuccess?.(data, variables, ...rest);
      // After onSuccess has navigated away, so the project's pages do not refetch what was deleted.
      queryClient.removeQueries({ queryKey: projectKeys.detail(variables.ref) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(variables.organizationSlug) });
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(DELETE_PROJECT_MESSAGES.failed(error.message));
    },
    ...options,
  });
}
