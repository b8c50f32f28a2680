/** What a new report item becomes: its chart config with the defaults, and its label. */
import type { ReportChartConfig, ReportChartConfigInput } from '../schemas/report-chart-config.ts';

export const DEFAULT_ITEM_LABEL = 'SQL query';

export const REPORT_NAME_MAX_LENGTH = 128;
export const REPORT_LABEL_MAX_LENGTH = 256;
/** Items of one report, and the SQL of one item. */
export const REPORT_ITEMS_MAX = 50;
export const REPORT_SQL_MAX_LENGTH = 100_000;

/**
 * A stored chart config from what a client sent: bars shown as a chart unless said otherwise, and
 * the SQL tool's xAxis/yAxis as xKey/yKey (spec part 2 §3: 'xKey or xAxis, yKey or yAxis').
 */
export function reportChartConfig(input: ReportChartConfigInput | undefined): ReportChartConfig {
  const config: ReportChartConfig = { type: input?.type ?? 'bar', view: input?.view ?? 'chart' };
  const xKey = input?.xKey ?? input?.xAxis;
  const yKey = input?.yKey ?? input?.yAxis;
  if (xKey) config.xKey = xKey;
  if (yKey) config.yKey = yKey;
  for (const flag of ['cumulative', 'showLabels', 'showGrid'] as const) {
    if (input?.[flag] !== undefined) config[flag] = input[flag];
  }
  return config;
}
