import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_MESSAGES } from '@basin/core';
import type { AddReportItemBody, Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { projectApiPath } from '../project-path';
import { storeReport } from './cache';

export type AddReportItemVariables = AddReportItemBody & { ref: string; reportId: string };

export function addReportItem({ ref, reportId, ...body }: AddReportItemVariables): Promise<Report> {
  return fetcher<Report>(projectApiPath('platform/projects', ref, `/reports/${encodeURIComponent(reportId)}/items`), { method: 'POST', body });
}

/** A chart at the end of the report: inline SQL (an assistant result card) or one of the member's snippets. */
export function useAddReportItemMutation({ onSuccess, onError, ...options }: MutationHookOptions<Report, AddReportItemVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReportItem,
    async onSuccess(report, ...rest) {
      storeReport(queryClient, report);
      await onSuccess?.(report, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(REPORTS_MESSAGES.addFailed(error.message));
    },
    ...options,
  });
}
