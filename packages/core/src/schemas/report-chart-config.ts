/** How a report item shows its rows, as stored and as a client sends it (rules/report-items.ts turns one into the other). */
import { z } from 'zod';

/** Chart types of a report item; the assistant's result cards are bars. */
export const REPORT_CHART_TYPES = ['bar', 'line'] as const;
export const REPORT_ITEM_VIEWS = ['table', 'chart'] as const;
const ColumnName = z.string().max(256, 'A column name must be at most 256 characters');

/**
 * How an item shows its rows: the spec's chart config (part 2 §3: type, cumulative, xKey, yKey,
 * showLabels, showGrid, view), as an assistant result card carries it.
 */
export const ReportChartConfig = z
  .object({
    type: z.enum(REPORT_CHART_TYPES),
    view: z.enum(REPORT_ITEM_VIEWS),
    xKey: ColumnName.optional(),
    yKey: ColumnName.optional(),
    cumulative: z.boolean().optional(),
    showLabels: z.boolean().optional(),
    showGrid: z.boolean().optional(),
  })
  .meta({ id: 'ReportChartConfig' });
export type ReportChartConfig = z.infer<typeof ReportChartConfig>;

/**
 * A chart config as a client sends it: every field optional, and the SQL tool's `xAxis`/`yAxis`
 * taken for `xKey`/`yKey` (ExecuteSqlInput.chartConfig), so an assistant card goes in as it is.
 */
export const ReportChartConfigInput = ReportChartConfig.partial()
  .extend({ xAxis: ColumnName.optional(), yAxis: ColumnName.optional() })
  .meta({ id: 'ReportChartConfigInput' });
export type ReportChartConfigInput = z.infer<typeof ReportChartConfigInput>;
