import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectApiPath } from '../project-path';
import { forgetReport } from './cache';

export interface DeleteReportVariables {
  ref: string;
  id: string;
}

export function deleteReport({ ref, id }: DeleteReportVariables): Promise<Report> {
  return fetcher<Report>(projectApiPath('platform/projects', ref, `/reports/${encodeURIComponent(id)}`), { method: 'DELETE' });
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
