import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, UpdateReportBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storeReport } from './cache';
import { reportKeys } from './keys';

export interface UpdateReportVariables extends UpdateReportBody {
  ref: string;
  id: string;
}

export function updateReport({ ref, id, ...body }: UpdateReportVariables): Promise<Report> {
  return api.PATCH('/api/platform/projects/{ref}/reports/{id}', { path: { ...projectRef(ref), id }, body });
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
