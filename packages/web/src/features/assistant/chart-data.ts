/** The result widget's data (spec part 2 §2): rows as objects, columns, X type detection, Y as numbers. */
export type ResultRow = Record<string, unknown>;
export type XType = 'number' | 'date' | 'string';
export interface ChartPoint {
  x: string | number;
  y: number;
}

/** Every column of the rows, in the order first seen. */
export function columnsOf(rows: readonly ResultRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

const isNumeric = (value: unknown) =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
const isDate = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value.trim()) && !Number.isNaN(Date.parse(value));

/** number when every value is numeric, date when every one is an ISO date or timestamp, else string. Empty values are ignored. */
export function xTypeOf(values: readonly unknown[]): XType {
  const present = values.filter((value) => value !== null && value !== undefined && value !== '');
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
 * The bars: X as a number (numbers), a timestamp (dates, so they sort) or text; numbers and dates
 * in ascending order, text in the rows' order.
 */
export function chartPoints(rows: readonly ResultRow[], xKey: string, yKey: string): { points: ChartPoint[]; xType: XType } {
  const xType = xTypeOf(rows.map((row) => row[xKey]));
  const points = rows.map((row) => {
    const raw = row[xKey];
    const x = xType === 'number' ? toNumber(raw) : xType === 'date' ? Date.parse(String(raw)) : labelOf(raw);
    return { x, y: toNumber(row[yKey]) };
  });
  if (xType !== 'string') points.sort((a, b) => Number(a.x) - Number(b.x));
  return { points, xType };
}

