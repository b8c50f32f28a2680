/**
 * A report item's rows as a chart draws them (spec part 2 §2: Y values are converted to numbers;
 * X is detected as number, date or string), and the columns picked when the config names none.
 */
import type { ReportChartConfig, SqlResult } from '@basin/core/schemas';
import { type ChartPoint, chartPoints, isNumeric, isPresent, type XType } from '../../lib/chart-points';

export type { XType };
export type ItemPoint = ChartPoint;

const columnIndex = (result: SqlResult, name: string | undefined) =>
  name === undefined ? -1 : result.fields.findIndex((field) => field.name === name);

/**
 * The axes to draw: the config's columns when the result has them, else the first column for X
 * and the first numeric column after it for Y. Undefined when the result cannot make a chart.
 */
export function chartAxes(result: SqlResult, config: ReportChartConfig): { xKey: string; yKey: string } | undefined {
  const names = result.fields.map((field) => field.name);
  const xKey = columnIndex(result, config.xKey) >= 0 ? config.xKey! : names[0];
  if (xKey === undefined) return undefined;
  if (columnIndex(result, config.yKey) >= 0) return { xKey, yKey: config.yKey! };
  const y = result.fields.findIndex(
    (field, index) => field.name !== xKey && result.rows.every((row) => !isPresent(row[index]) || isNumeric(row[index])),
  );
  return y >= 0 ? { xKey, yKey: names[y]! } : undefined;
}

/** The points in the rows' order, or sorted by X for numbers and dates; summed up to each point when cumulative. */
export function itemPoints(result: SqlResult, xKey: string, yKey: string, cumulative = false): { points: ItemPoint[]; xType: XType } {
  const x = columnIndex(result, xKey);
  const y = columnIndex(result, yKey);
  const { points, xType } = chartPoints(result.rows.map((row) => [row[x], row[y]] as const));
  if (cumulative) {
    let total = 0;
    for (const point of points) point.y = total += point.y;
  }
  return { points, xType };
}
