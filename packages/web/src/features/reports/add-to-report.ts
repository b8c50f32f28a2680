/**
 * What other panels use to put a query on a custom report (spec part 2 §2: an assistant result card
 * can be dragged to a report, on /reports/{id} and the project home; §6: it takes the permission to
 * create user_content of type sql).
 *
 * Dragging: the card sets `SQL_CARD_TYPE` on its DataTransfer to the JSON of a `SqlCard`
 * (`writeSqlCard`), with effectAllowed 'copy'; a report page that accepts it adds the card as an
 * item. Without dragging: `useAddToReport().addToReport({ ref, reportId, sql, label, chartConfig })`.
 */
import { can, REPORTS_MESSAGES } from '@basin/core';
import type { Report, ReportChartConfigInput } from '@basin/core/schemas';
import { useAddReportItemMutation } from '../../data/reports/use-add-report-item-mutation';
import { useProjectRole } from '../../data/use-project-role';
import { toast } from '../../lib/toast';

/** The drag payload's type: a JSON `SqlCard`. */
export const SQL_CARD_TYPE = 'application/x-basin-sql-card';

/** A query with how to chart it: the SQL tool's input (ExecuteSqlInput's sql, label and chartConfig). */
export interface SqlCard {
  sql: string;
  label?: string;
  chartConfig?: ReportChartConfigInput;
}

/** Puts the card on a drag that is starting (call from the card's onDragStart). */
export function writeSqlCard(dataTransfer: DataTransfer, card: SqlCard): void {
  dataTransfer.setData(SQL_CARD_TYPE, JSON.stringify(card));
  dataTransfer.setData('text/plain', card.sql);
  dataTransfer.effectAllowed = 'copy';
}

/** Whether a drag carries a card (the data itself is readable on drop only). */
export const carriesSqlCard = (dataTransfer: DataTransfer | null) => Boolean(dataTransfer?.types.includes(SQL_CARD_TYPE));

/** The card a drop carries, or undefined when it carries none or a malformed one. */
export function readSqlCard(dataTransfer: DataTransfer | null): SqlCard | undefined {
  const text = dataTransfer?.getData(SQL_CARD_TYPE);
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { sql, label, chartConfig } = value as Record<string, unknown>;
    if (typeof sql !== 'string' || !sql.trim()) return undefined;
    return {
      sql,
      label: typeof label === 'string' && label.trim() ? label : undefined,
      chartConfig: typeof chartConfig === 'object' && chartConfig !== null ? (chartConfig as ReportChartConfigInput) : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Whether the signed-in member may add cards to the project's reports (false while the role loads). */
export function useCanEditReports(ref: string | undefined): boolean {
  return can(useProjectRole(ref), 'user_content.sql:create');
}

export interface AddToReportVariables extends SqlCard {
  ref: string;
  reportId: string;
}

/** Adds a query to the end of a report, with a toast either way; resolves to the report as stored. */
export function useAddToReport() {
  const mutation = useAddReportItemMutation({
    onSuccess: (report) => toast.success(REPORTS_MESSAGES.added(report.name)),
  });
  return {
    addToReport: ({ ref, reportId, sql, label, chartConfig }: AddToReportVariables): Promise<Report> =>
      mutation.mutateAsync({ ref, reportId, sql, label, chartConfig }),
    isPending: mutation.isPending,
  };
}
