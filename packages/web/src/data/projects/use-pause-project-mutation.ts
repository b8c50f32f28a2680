import type { Project } from '@basin/core/schemas';
import type { MutationHookOptions } from '../mutation-options';
import { useProjectOperationMutation, type ProjectOperationVariables } from './project-operation';

/** POST /platform/projects/{ref}/pause → 202, PAUSING. */
export function usePauseProjectMutation(options: MutationHookOptions<Project, ProjectOperationVariables<'pause'>> = {}) {
  return useProjectOperationMutation('pause', (message) => `Failed to pause project: ${message}`, options);
}
