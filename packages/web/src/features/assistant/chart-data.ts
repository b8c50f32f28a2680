/** The result widget's data (spec part 2 §2): rows as objects, their columns, and their bars. */
import { type ChartPoint, chartPoints as pointsOf, type XType } from '../../lib/chart-points';

export type { ChartPoint, XType };
export type ResultRow = Record<string, unknown>;

/** Every column of the rows, in the order first seen. */
export function columnsOf(rows: readonly ResultRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** The bars of the rows' `xKey` and `yKey` columns (lib/chart-points). */
export function chartPoints(rows: readonly ResultRow[], xKey: string, yKey: string): { points: ChartPoint[]; xType: XType } {
  return pointsOf(rows.map((row) => [row[xKey], row[yKey]] as const));
}
