import type { ProjectAddonsResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { useAddonChangeMutation } from './addon-change';
import { addonsPath } from './use-project-addons-query';

export interface RemoveAddonVariables {
  ref: string;
  variant: string;
}

/** DELETE /platform/projects/{ref}/billing/addons/{variant} → 202; the project resizes back to micro. */
export function useRemoveAddonMutation(options: MutationHookOptions<ProjectAddonsResponse, RemoveAddonVariables> = {}) {
  return useAddonChangeMutation(
    ({ ref, variant }: RemoveAddonVariables) =>
      fetcher<ProjectAddonsResponse>(`${addonsPath(ref)}/${encodeURIComponent(variant)}`, { method: 'DELETE' }),
    options,
  );
}
