import type { Project } from '@basin/core/schemas';
import type { MutationHookOptions } from '../mutation-options';
import { useProjectOperationMutation, type ProjectOperationVariables } from './project-operation';

/** POST /platform/projects/{ref}/restart → 202, RESTARTING. */
export function useRestartProjectMutation(options: MutationHookOptions<Project, ProjectOperationVariables<'restart'>> = {}) {
  return useProjectOperationMutation('restart', (message) => `Failed to restart project: ${message}`, options);
}
