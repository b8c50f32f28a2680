import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { requireIdentifier } from '@basin/core';
import type { Project, UpdateProjectBody } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from './keys';

export interface UpdateProjectVariables extends UpdateProjectBody {
  ref: string;
}

export function updateProject({ ref, ...body }: UpdateProjectVariables): Promise<Project> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.PATCH('/api/platform/projects/{ref}', { path: { ref: projectRef }, body });
}

export function useUpdateProjectMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Project, UpdateProjectVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    async onSuccess(project, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(project.organization_slug) });
      toast.success(`Saved ${project.name}`);
      await onSuccess?.(project, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to update project: ${error.message}`);
    },
    ...options,
  });
}
