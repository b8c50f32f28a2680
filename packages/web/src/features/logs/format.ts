/** How the explorer writes times and values: the spec's formats (part 2 §9), in local time. */
import { formatDateTime } from '../../lib/format-date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');
const clock = (date: Date) => `${twoDigits(date.getHours() % 12 || 12)}:${twoDigits(date.getMinutes())}`;
const meridiem = (date: Date) => (date.getHours() < 12 ? 'AM' : 'PM');

function readable(value: string | number): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'MMM D, hh:mm:ssa', e.g. 'Mar 4, 09:05:12PM': an event's time in the results. */
export function formatEventTime(value: string | number): string {
  const date = readable(value);
  if (!date) return String(value);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${clock(date)}:${twoDigits(date.getSeconds())}${meridiem(date)}`;
}

/** 'MMM D, YYYY, hh:mma', e.g. 'Mar 4, 2026, 09:05PM': ranges, buckets, the detail panel. */
export function formatFullTime(value: string | number): string {
  return formatDateTime(typeof value === 'number' ? new Date(value).toISOString() : value);
}

/** 'MMM D, YYYY', e.g. 'Mar 4, 2026': when a query was saved. */
export function formatDay(value: string | number): string {
  const date = readable(value);
  if (!date) return String(value);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** A histogram tick: 'hh:mma' within two days, 'MMM D' beyond. */
export function formatTick(timestamp: number, spanMs: number): string {
  const date = new Date(timestamp);
  if (spanMs > 2 * 24 * 3600_000) return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  return `${clock(date)}${meridiem(date)}`;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Whether a result column holds times: named like one, or an ISO timestamp string. */
export function isTimeValue(column: string, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return ISO_TIME.test(value) || (/(^|_)(timestamp|time|at|bucket)$/.test(column) && readable(value) !== null);
}

/** A cell as one line of text: times in 'MMM D, hh:mm:ssa', JSON for objects, NULL for null. */
export function cellLine(column: string, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (isTimeValue(column, value)) return formatEventTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field in the detail panel: JSON pretty-printed, strings as they are. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The tone of an HTTP status or a severity: errors red, warnings amber. */
export function levelTone(column: string, value: unknown): 'danger' | 'warning' | 'success' | null {
  if ((column === 'status' || column === 'status_code') && typeof value === 'number') {
    return value >= 500 ? 'danger' : value >= 400 ? 'warning' : value >= 200 && value < 400 ? 'success' : null;
  }
  if ((column === 'severity' || column === 'level') && typeof value === 'string') {
    const level = value.toUpperCase();
    if (['ERROR', 'FATAL', 'PANIC'].includes(level)) return 'danger';
    if (['WARNING', 'WARN'].includes(level)) return 'warning';
  }
  return null;
}
