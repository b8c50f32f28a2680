import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBranchFailedMessage } from '@basin/core';
import type { CreateBranchBody, CreatedBranch } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { branchKeys } from './keys';

export interface CreateBranchVariables {
  ref: string;
  body: CreateBranchBody;
}

/** POST /v1/projects/{ref}/branches; the branch list is refetched to show the new branch. */
export function useCreateBranchMutation({ onSuccess, onError, ...options }: MutationHookOptions<CreatedBranch, CreateBranchVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: CreateBranchVariables) => api.POST('/api/v1/projects/{ref}/branches', { path: projectRef(ref), body }),
    async onSuccess(branch, variables, ...rest) {
      await queryClient.invalidateQueries({ queryKey: branchKeys.list(variables.ref) });
      await onSuccess?.(branch, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(createBranchFailedMessage(error.message));
    },
    ...options,
  });
}
