import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { functionKeys } from './keys';
import { functionParams } from './paths';

export interface DeleteFunctionVariables {
  ref: string;
  slug: string;
}

export function deleteFunction({ ref, slug }: DeleteFunctionVariables): Promise<unknown> {
  return api.DELETE('/api/v1/projects/{ref}/functions/{function_slug}', { path: functionParams(ref, slug) });
}

/** Deletes the function with all its versions; its URL answers 404 from then on. */
export function useDeleteFunctionMutation({ onSuccess, onError, ...options }: MutationHookOptions<unknown, DeleteFunctionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFunction,
    async onSuccess(data, variables, ...rest) {
      queryClient.removeQueries({ queryKey: functionKeys.detail(variables.ref, variables.slug) });
      await queryClient.invalidateQueries({ queryKey: functionKeys.all(variables.ref) });
      toast.success(`Deleted ${variables.slug}`);
      await onSuccess?.(data, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete edge function: ${error.message}`);
    },
    ...options,
  });
}
