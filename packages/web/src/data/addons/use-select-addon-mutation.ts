import type { ProjectAddonsResponse, UpdateAddonBody } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { useAddonChangeMutation } from './addon-change';
import { addonsPath } from './use-project-addons-query';

export interface SelectAddonVariables {
  ref: string;
  body: UpdateAddonBody;
}

/** POST /platform/projects/{ref}/billing/addons → 202; a compute variant resizes the project. */
export function useSelectAddonMutation(options: MutationHookOptions<ProjectAddonsResponse, SelectAddonVariables> = {}) {
  return useAddonChangeMutation(
    ({ ref, body }: SelectAddonVariables) => fetcher<ProjectAddonsResponse>(addonsPath(ref), { method: 'POST', body }),
    options,
  );
}
