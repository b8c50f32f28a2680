import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storeReport } from './cache';

export interface CreateReportVariables extends CreateReportBody {
  ref: string;
}

export function createReport({ ref, ...body }: CreateReportVariables): Promise<Report> {
  return api.POST('/api/platform/projects/{ref}/reports', { path: projectRef(ref), body });
}

export function useCreateReportMutation({ onSuccess, onError, ...options }: MutationHookOptions<Report, CreateReportVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    async onSuccess(report, ...rest) {
      storeReport(queryClient, report);
      await onSuccess?.(report, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to create report: ${error.message}`);
    },
    ...options,
  });
}
