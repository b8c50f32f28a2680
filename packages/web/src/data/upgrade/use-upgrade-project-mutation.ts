import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { UpgradeProjectResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectKeys } from '../projects/keys';
import { upgradeKeys } from './keys';

export interface UpgradeProjectVariables {
  ref: string;
  /** The major to move to, e.g. '17'. */
  targetVersion: string;
}

export function upgradeProject({ ref, targetVersion }: UpgradeProjectVariables): Promise<UpgradeProjectResponse> {
  const projectRef = requireIdentifier(ref, 'Project ref');
  return api.POST('/api/v1/projects/{ref}/upgrade', { path: { ref: projectRef }, body: { target_version: targetVersion } });
}

/** Starts a major upgrade; the project turns UPGRADING and the layout shows the steps. */
export function useUpgradeProjectMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<UpgradeProjectResponse, UpgradeProjectVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeProject,
    async onSuccess(answer, variables, ...rest) {
      // A previous upgrade's outcome must not show for this one.
      queryClient.removeQueries({ queryKey: upgradeKeys.status(variables.ref) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.ref), exact: true });
      await onSuccess?.(answer, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to upgrade project: ${error.message}`);
    },
    ...options,
  });
}
