import { LIFECYCLE_MESSAGES } from '@basin/core';
import type { Project, RestoreProjectBody } from '@basin/core/schemas';
import type { MutationHookOptions } from '../mutation-options';
import { useProjectOperationMutation } from './project-operation';

export interface RestoreProjectVariables {
  ref: string;
  /** Restore onto this Postgres version; without it the paused instance starts again. */
  body?: RestoreProjectBody;
}

/** POST /platform/projects/{ref}/restore → 202, RESTORING (spec part 1 §7). */
export function useRestoreProjectMutation(options: MutationHookOptions<Project, RestoreProjectVariables> = {}) {
  return useProjectOperationMutation('restore', LIFECYCLE_MESSAGES.restoreFailedToast, options);
}
