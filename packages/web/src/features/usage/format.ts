import type { UsageMetric } from '@basin/core/schemas';
import { formatBytes } from '../../lib/format-bytes';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The spec's 'MMM D, YYYY', of the UTC date (the billing period is in UTC). */
export function formatUtcDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The period's first and last day: 'Mar 1, 2026 – Mar 31, 2026'. */
export function formatPeriod(start: string, end: string): string {
  return `${formatUtcDate(start)} – ${formatUtcDate(new Date(Date.parse(end) - 1).toISOString())}`;
}

export function formatAmount(value: number, unit: UsageMetric['unit']): string {
  if (unit === 'bytes') return formatBytes(value);
  if (unit === 'hours') {
    if (value > 0 && value < 0.01) return '<0.01 h';
    return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 1 })} h`;
  }
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** How much of the quota is used, in percent (not capped), or null without a quota or a figure. */
export function quotaPercent(metric: UsageMetric): number | null {
  if (metric.usage === null || metric.quota === null || metric.quota <= 0) return null;
  return (metric.usage / metric.quota) * 100;
}
