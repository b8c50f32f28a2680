import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EdgeFunction, UpdateFunctionBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { functionKeys } from './keys';
import { functionParams } from './paths';

export interface UpdateFunctionVariables extends UpdateFunctionBody {
  ref: string;
  slug: string;
}

export function updateFunction({ ref, slug, ...body }: UpdateFunctionVariables): Promise<EdgeFunction> {
  return api.PATCH('/api/v1/projects/{ref}/functions/{function_slug}', { path: functionParams(ref, slug), body });
}

/** Renames the function or turns its JWT check on or off (takes effect at its next request). */
export function useUpdateFunctionMutation({ onSuccess, onError, ...options }: MutationHookOptions<EdgeFunction, UpdateFunctionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFunction,
    async onSuccess(fn, variables, ...rest) {
      queryClient.setQueryData(functionKeys.detail(variables.ref, variables.slug), fn);
      await queryClient.invalidateQueries({ queryKey: functionKeys.list(variables.ref) });
      toast.success(
        variables.verify_jwt === undefined ? `Updated ${fn.name}` : `JWT verification ${fn.verify_jwt ? 'enabled' : 'disabled'} for ${fn.name}`,
      );
      await onSuccess?.(fn, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to update edge function: ${error.message}`);
    },
    ...options,
  });
}
