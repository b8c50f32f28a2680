/** How the reports write times and values. */
import type { ReportRange, ReportSeries } from '@basin/core/schemas';
import { formatBytes } from '../../lib/format-bytes';
import { formatDateTime } from '../../lib/format-date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** An axis tick in local time: 'hh:mma' within a day's range, 'MMM D' over a week. */
export function formatTick(timestamp: number, range: ReportRange): string {
  const date = new Date(timestamp);
  if (range === '7d') return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  const hours = date.getHours() % 12 || 12;
  return `${twoDigits(hours)}:${twoDigits(date.getMinutes())}${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** A bucket in the tooltip: the spec's 'MMM D, YYYY, hh:mma'. */
export const formatBucket = (timestamp: number) => formatDateTime(new Date(timestamp).toISOString());

export function formatValue(value: number, unit: ReportSeries['unit']): string {
  if (unit === 'bytes') return formatBytes(value);
  if (unit === 'percent') return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Charts of the resource samples: a measure at each moment, not events to add up. */
export const isMeasure = (series: ReportSeries) => series.chart.startsWith('database-');

/** Charts of the most of something at once in each bucket (open sockets): their headline is the range's peak, never a sum. */
export const isPeak = (series: ReportSeries) => series.chart === 'realtime-connections';

/** What the headline figure is, for screen readers. */
export const headlineLabel = (series: ReportSeries) => (isMeasure(series) ? 'Latest: ' : isPeak(series) ? 'Peak: ' : 'Total: ');

/**
 * What the chart's header says: the range's total for events (requests, sign-ins, invocations),
 * the largest bucket for peaks, the latest sample for measures (null while there is none).
 */
export function headline(series: ReportSeries): string | null {
  if (isPeak(series)) {
    const peak = series.points.reduce((most, point) => Math.max(most, ...Object.values(point.values).map((value) => value ?? 0)), 0);
    return peak.toLocaleString('en-US');
  }
  if (!isMeasure(series)) {
    const total = series.points.reduce((sum, point) => sum + Object.values(point.values).reduce<number>((a, b) => a + (b ?? 0), 0), 0);
    return total.toLocaleString('en-US');
  }
  for (let index = series.points.length - 1; index >= 0; index -= 1) {
    const values = Object.values(series.points[index]!.values).filter((value): value is number => value !== null);
    if (values.length)
      return formatValue(
        values.reduce((a, b) => a + b, 0),
        series.unit,
      );
  }
  return null;
}

/** Whether the range holds nothing to draw: no event at all, or no sample at all. */
export function isEmptySeries(series: ReportSeries): boolean {
  const measure = isMeasure(series);
  return series.points.every((point) => Object.values(point.values).every((value) => value === null || (!measure && value === 0)));
}
