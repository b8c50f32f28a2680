import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeLintBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { advisorKeys } from './keys';


/** Acknowledges a finding with a note; the list is read again so it moves to 'Acknowledged'. */
export function useAcknowledgeLintMutation(ref: string | undefined, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcknowledgeLintBody) => api.POST('/api/platform/projects/{ref}/advisors/acknowledgements', { path: projectRef(ref), body }),
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: advisorKeys.lints(ref) });
      toast.success('Acknowledged the finding');
      onDone?.();
    },
    onError(error) {
      toast.error(`Failed to acknowledge the finding: ${error.message}`);
    },
  });
}

export function useUnacknowledgeLintMutation(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cacheKey: string) => api.DELETE('/api/platform/projects/{ref}/advisors/acknowledgements/{cache_key}', { path: { ...projectRef(ref), cache_key: cacheKey } }),
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: advisorKeys.lints(ref) });
    },
    onError(error) {
      toast.error(`Failed to unacknowledge the finding: ${error.message}`);
    },
  });
}
