import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectApiPath } from '../project-path';
import { storeReport } from './cache';

export interface CreateReportVariables extends CreateReportBody {
  ref: string;
}

export function createReport({ ref, ...body }: CreateReportVariables): Promise<Report> {
  return fetcher<Report>(projectApiPath('platform/projects', ref, '/reports'), { method: 'POST', body });
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
