import type { ProjectAddonsResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { useAddonChangeMutation } from './addon-change';
import { projectRef } from '../project-path';

export interface RemoveAddonVariables {
  ref: string;
  variant: string;
}

/** DELETE /platform/projects/{ref}/billing/addons/{variant} → 202: compute goes back to micro, PITR stops archiving. */
export function useRemoveAddonMutation(options: MutationHookOptions<ProjectAddonsResponse, RemoveAddonVariables> = {}) {
  return useAddonChangeMutation(
    ({ ref, variant }: RemoveAddonVariables) =>
      api.DELETE('/api/platform/projects/{ref}/billing/addons/{addon_variant}', { path: { ...projectRef(ref), addon_variant: variant } }),
    options,
  );
}
