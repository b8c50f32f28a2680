import type { ProjectAddonsResponse, UpdateAddonBody } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { useAddonChangeMutation } from './addon-change';
import { projectRef } from '../project-path';

export interface SelectAddonVariables {
  ref: string;
  body: UpdateAddonBody;
}

/** POST /platform/projects/{ref}/billing/addons → 202; a compute variant resizes the project, a pitr one restarts it with WAL archiving. */
export function useSelectAddonMutation(options: MutationHookOptions<ProjectAddonsResponse, SelectAddonVariables> = {}) {
  return useAddonChangeMutation(
    ({ ref, body }: SelectAddonVariables) => api.POST('/api/platform/projects/{ref}/billing/addons', { path: projectRef(ref), body }),
    options,
  );
}
