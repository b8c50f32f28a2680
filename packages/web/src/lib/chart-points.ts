/**
 * Query rows as a chart draws them (spec part 2 §2): Y values converted to numbers, X detected as
 * number, date or string. Shared by the assistant's result widget and the reports' items.
 */
export type XType = 'number' | 'date' | 'string';
export interface ChartPoint {
  x: string | number;
  y: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

export const isPresent = (value: unknown) => value !== null && value !== undefined && value !== '';
export const isNumeric = (value: unknown) =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
const isDate = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value.trim()) && !Number.isNaN(Date.parse(value));

/** number when every value is numeric, date when every one is an ISO date or timestamp, else string. Empty values are ignored. */
export function xTypeOf(values: readonly unknown[]): XType {
  const present = values.filter(isPresent);
  if (present.length === 0) return 'string';
  if (present.every(isNumeric)) return 'number';
  if (present.every(isDate)) return 'date';
  return 'string';
}

/** Y converted to a number: numbers and numeric text as they are, booleans as 1/0, anything else 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : 0;
  }
  return 0;
}

function labelOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The points of (x, y) pairs: X as a number (numbers), a timestamp (dates, so they sort) or text;
 * numbers and dates in ascending order, text in the rows' order.
 */
export function chartPoints(pairs: readonly (readonly [unknown, unknown])[]): { points: ChartPoint[]; xType: XType } {
  const xType = xTypeOf(pairs.map(([x]) => x));
  const points = pairs.map(([x, y]) => ({
    x: xType === 'number' ? toNumber(x) : xType === 'date' ? Date.parse(String(x)) : labelOf(x),
    y: toNumber(y),
  }));
  if (xType !== 'string') points.sort((a, b) => Number(a.x) - Number(b.x));
  return { points, xType };
}
