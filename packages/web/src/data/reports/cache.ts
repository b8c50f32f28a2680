import type { QueryClient } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { reportKeys } from './keys';

/** A report as the server answered it, in its own entry and in the project's list. */
export function storeReport(queryClient: QueryClient, report: Report): void {
  queryClient.setQueryData(reportKeys.detail(report.project_ref, report.id), report);
  queryClient.setQueryData<Report[]>(reportKeys.list(report.project_ref), (list) =>
    list ? (list.some((r) => r.id === report.id) ? list.map((r) => (r.id === report.id ? report : r)) : [...list, report]) : list,
  );
}

export function forgetReport(queryClient: QueryClient, report: Report): void {
  queryClient.removeQueries({ queryKey: reportKeys.detail(report.project_ref, report.id) });
  queryClient.setQueryData<Report[]>(reportKeys.list(report.project_ref), (list) => list?.filter((r) => r.id !== report.id));
}
