import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { forgetReport } from './cache';

export interface DeleteReportVariables {
  ref: string;
  id: string;
}

export function deleteReport({ ref, id }: DeleteReportVariables): Promise<Report> {
  return api.DELETE('/api/platform/projects/{ref}/reports/{id}', { path: { ...projectRef(ref), id } });
}

export function useDeleteReportMutation({ onSuccess, onError, ...options }: MutationHookOptions<Report, DeleteReportVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    async onSuccess(report, ...rest) {
      forgetReport(queryClient, report);
      await onSuccess?.(report, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to delete report: ${error.message}`);
    },
    ...options,
  });
}
