/**
 * A report item's rows as a chart draws them (spec part 2 §2: Y values are converted to numbers;
 * X is detected as number, date or string), and the columns picked when the config names none.
 */
import type { ReportChartConfig, SqlResult } from '@basin/core/schemas';

export type XType = 'number' | 'date' | 'string';
export interface ItemPoint {
  x: string | number;
  y: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';
const isNumeric = (value: unknown) =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
const isDate = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value.trim()) && !Number.isNaN(Date.parse(value));

export function xTypeOf(values: readonly unknown[]): XType {
  const known = values.filter(present);
  if (known.length === 0) return 'string';
  if (known.every(isNumeric)) return 'number';
  if (known.every(isDate)) return 'date';
  return 'string';
}

/** Numbers and numeric text as numbers, booleans as 1 or 0, anything else 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : 0;
  }
  return 0;
}

const columnIndex = (result: SqlResult, name: string | undefined) => (name === undefined ? -1 : result.fields.findIndex((field) => field.name === name));

/**
 * The axes to draw: the config's columns when the result has them, else the first column for X
 * and the first numeric column after it for Y. Undefined when the result cannot make a chart.
 */
export function chartAxes(result: SqlResult, config: ReportChartConfig): { xKey: string; yKey: string } | undefined {
  const names = result.fields.map((field) => field.name);
  const xKey = columnIndex(result, config.xKey) >= 0 ? config.xKey! : names[0];
  if (xKey === undefined) return undefined;
  if (columnIndex(result, config.yKey) >= 0) return { xKey, yKey: config.yKey! };
  const y = result.fields.findIndex((field, index) => field.name !== xKey && result.rows.every((row) => !present(row[index]) || isNumeric(row[index])));
  return y >= 0 ? { xKey, yKey: names[y]! } : undefined;
}

/** The points in the rows' order, or sorted by X for numbers and dates; summed up to each point when cumulative. */
export function itemPoints(result: SqlResult, xKey: string, yKey: string, cumulative = false): { points: ItemPoint[]; xType: XType } {
  const x = columnIndex(result, xKey);
  const y = columnIndex(result, yKey);
  const xType = xTypeOf(result.rows.map((row) => row[x]));
  const points = result.rows.map((row) => {
    const raw = row[x];
    const value = xType === 'number' ? toNumber(raw) : xType === 'date' ? Date.parse(String(raw)) : raw === null || raw === undefined ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
    return { x: value, y: toNumber(row[y]) };
  });
  if (xType !== 'string') points.sort((a, b) => Number(a.x) - Number(b.x));
  if (cumulative) {
    let total = 0;
    for (const point of points) point.y = total += point.y;
  }
  return { points, xType };
}
