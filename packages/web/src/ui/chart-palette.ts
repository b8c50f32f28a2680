/**
 * The charts' palette (spec part 2 §2: chart palettes have 8 colours): CSS variables set for the
 * light and the dark theme in styles.css, so every series reads on both. Series take them in order.
 */
export const CHART_PALETTE = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
  'var(--chart-7)',
  'var(--chart-8)',
] as const;

/** The colour of the series at `index`, going round the palette past the eighth. */
export const chartColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length]!;
