import type { Project } from '@basin/core/schemas';
import type { MutationHookOptions } from '../mutation-options';
import { useProjectOperationMutation, type ProjectOperationVariables } from './project-operation';

/** POST /platform/projects/{ref}/resize { compute: 'ci_…' } → 202, RESIZING. */
export function useResizeProjectMutation(options: MutationHookOptions<Project, ProjectOperationVariables<'resize'>> = {}) {
  return useProjectOperationMutation('resize', (message) => `Failed to change the compute size: ${message}`, options);
}
