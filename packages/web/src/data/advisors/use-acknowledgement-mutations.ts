import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcknowledgeLintBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { advisorKeys } from './keys';

const acknowledgements = (ref: string | undefined, rest = '') => projectApiPath('platform/projects', ref, `/advisors/acknowledgements${rest}`);

/** Acknowledges a finding with a note; the list is read again so it moves to 'Acknowledged'. */
export function useAcknowledgeLintMutation(ref: string | undefined, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcknowledgeLintBody) => fetcher<unknown>(acknowledgements(ref), { method: 'POST', body }),
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
    mutationFn: (cacheKey: string) => fetcher<unknown>(acknowledgements(ref, `/${encodeURIComponent(cacheKey)}`), { method: 'DELETE' }),
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: advisorKeys.lints(ref) });
    },
    onError(error) {
      toast.error(`Failed to unacknowledge the finding: ${error.message}`);
    },
  });
}
