import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { CreateProjectBody, Project } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from './keys';

export function createProject(body: CreateProjectBody): Promise<Project> {
  return api.POST('/api/platform/projects', { body });
}

export function useCreateProjectMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Project, CreateProjectBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    async onSuccess(project, variables, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(variables.organization_slug) });
      toast.success(`Created ${project.name}`);
      await onSuccess?.(project, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to create project: ${error.message}`);
    },
    ...options,
  });
}
