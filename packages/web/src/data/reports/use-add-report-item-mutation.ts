import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORTS_MESSAGES } from '@basin/core';
import type { AddReportItemBody, Report } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { storeReport } from './cache';

export type AddReportItemVariables = AddReportItemBody & { ref: string; reportId: string };

export function addReportItem({ ref, reportId, ...body }: AddReportItemVariables): Promise<Report> {
  return api.POST('/api/platform/projects/{ref}/reports/{id}/items', { path: { ...projectRef(ref), id: reportId }, body });
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
