import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, UpdateReportBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectApiPath } from '../project-path';
import { storeReport } from './cache';
import { reportKeys } from './keys';

export interface UpdateReportVariables extends UpdateReportBody {
  ref: string;
  id: string;
}

export function updateReport({ ref, id, ...body }: UpdateReportVariables): Promise<Report> {
  return fetcher<Report>(projectApiPath('platform/projects', ref, `/reports/${encodeURIComponent(id)}`), { method: 'PATCH', body });
}

/** Renames or rearranges; a refused change reloads the report so the page shows what is stored. */
export function useUpdateReportMutation({ onSuccess, onError, ...options }: MutationHookOptions<Report, UpdateReportVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    async onSuccess(report, ...rest) {
      storeReport(queryClient, report);
      await onSuccess?.(report, ...rest);
    },
    async onError(error, variables, ...rest) {
      void queryClient.invalidateQueries({ queryKey: reportKeys.detail(variables.ref, variables.id) });
      if (onError) await onError(error, variables, ...rest);
      else toast.error(`Failed to update report: ${error.message}`);
    },
    ...options,
  });
}
