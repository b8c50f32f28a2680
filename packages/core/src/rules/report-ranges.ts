/** How the reports cut a time range into buckets: about 60 to 100 bars whatever the range. */

/** The reports' time ranges: the last hour, 24 hours or 7 days. */
export const REPORT_RANGES = ['1h', '24h', '7d'] as const;
/** One of REPORT_RANGES (schemas/reports.ts parses it as `ReportRange`). */
export type ReportRange = (typeof REPORT_RANGES)[number];

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const REPORT_RANGE_SECONDS: Record<ReportRange, number> = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR };
/** 1 minute over an hour (60 buckets), 15 minutes over a day (96), 2 hours over a week (84). */
export const REPORT_BUCKET_SECONDS: Record<ReportRange, number> = { '1h': MINUTE, '24h': 15 * MINUTE, '7d': 2 * HOUR };

export const REPORT_RANGE_LABELS: Record<ReportRange, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

export interface ReportWindow {
  /** The first bucket's start (inclusive) and the last bucket's end (exclusive), in ms. */
  start: number;
  end: number;
  intervalSeconds: number;
  buckets: number;
}

/**
 * The range's buckets ending with the one `now` falls in. Buckets are whole multiples of the
 * interval since the epoch, so a chart polled again keeps its buckets where they were.
 */
export function reportWindow(range: ReportRange, now: number): ReportWindow {
  const intervalSeconds = REPORT_BUCKET_SECONDS[range];
  const interval = intervalSeconds * 1000;
  const buckets = REPORT_RANGE_SECONDS[range] / intervalSeconds;
  const end = Math.floor(now / interval) * interval + interval;
  return { start: end - buckets * interval, end, intervalSeconds, buckets };
}
