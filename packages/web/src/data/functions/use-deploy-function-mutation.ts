import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FUNCTIONS_MESSAGES, type EdgeFunction } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { ApiError } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { deployForm, type BundleFile, type DeployMetadata } from './bundle';
import { functionKeys } from './keys';
import { functionsPath } from './paths';

export interface DeployFunctionVariables {
  ref: string;
  slug: string;
  metadata: DeployMetadata;
  files: BundleFile[];
}

/** `POST /v1/projects/{ref}/functions/deploy?slug=` with the multipart form the Supabase CLI sends. */
export async function deployFunction({ ref, slug, metadata, files }: DeployFunctionVariables): Promise<EdgeFunction> {
  let response: Response;
  try {
    response = await fetch(`${functionsPath(ref, '/deploy')}?slug=${encodeURIComponent(slug)}`, {
      method: 'POST',
      body: deployForm(metadata, files),
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('Unable to reach the server. Check your connection and try again.', 0);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === 'string' && message ? message : `Request failed with status ${response.status}`, response.status, undefined, data);
  }
  return data as EdgeFunction;
}

/** Deploys a new version (creating the function on its first deploy); failures toast 'Failed to deploy edge function: {message}'. */
export function useDeployFunctionMutation({ onSuccess, onError, ...options }: MutationHookOptions<EdgeFunction, DeployFunctionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployFunction,
    async onSuccess(fn, variables, ...rest) {
      queryClient.setQueryData(functionKeys.detail(variables.ref, fn.slug), fn);
      await queryClient.invalidateQueries({ queryKey: functionKeys.all(variables.ref) });
      toast.success(`Deployed ${fn.name} (version ${fn.version})`);
      await onSuccess?.(fn, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(FUNCTIONS_MESSAGES.deployFailed(error.message));
    },
    ...options,
  });
}
