/**
 * The explorer's time ranges: the presets of the picker, a custom range, and the histogram's buckets
 * (chosen by the range's length so a chart holds at most MAX_BUCKETS bars).
 */
export const RANGE_PRESETS = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { id: '1h', label: 'Last hour', ms: 60 * 60_000 },
  { id: '24h', label: 'Last 24 hours', ms: 24 * 60 * 60_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * 60 * 60_000 },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];
export const DEFAULT_PRESET: RangePreset = '1h';

/** A range as the API takes it: ISO 8601 timestamps, start before end. */
export interface TimeRange {
  start: string;
  end: string;
}

export const isRangePreset = (value: string | null | undefined): value is RangePreset =>
  RANGE_PRESETS.some((preset) => preset.id === value);

export function presetLabel(preset: RangePreset): string {
  return RANGE_PRESETS.find((item) => item.id === preset)!.label;
}

/** The preset's range ending now. */
export function presetRange(preset: RangePreset, now = Date.now()): TimeRange {
  const { ms } = RANGE_PRESETS.find((item) => item.id === preset)!;
  return { start: new Date(now - ms).toISOString(), end: new Date(now).toISOString() };
}

const isTime = (value: string | null | undefined): value is string => Boolean(value) && !Number.isNaN(new Date(value!).getTime());

/** A range from the address (`its`, `ite`): both readable and in order, else none. */
export function parseRange(start: string | null, end: string | null): TimeRange | null {
  if (!isTime(start) || !isTime(end)) return null;
  const from = new Date(start);
  const to = new Date(end);
  if (!(from < to)) return null;
  return { start: from.toISOString(), end: to.toISOString() };
}

/** Why a custom range cannot be used, or null when it can. */
export function customRangeProblem(start: string, end: string): string | null {
  if (!isTime(start)) return 'Enter a start date and time';
  if (!isTime(end)) return 'Enter an end date and time';
  if (!(new Date(start) < new Date(end))) return 'The start must be before the end';
  return null;
}

/** Bucket lengths the histogram may use, in seconds. */
const BUCKET_SECONDS = [60, 5 * 60, 15 * 60, 30 * 60, 60 * 60, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600, 7 * 24 * 3600, 30 * 24 * 3600];
export const MAX_BUCKETS = 60;

/** The shortest bucket that keeps the range within MAX_BUCKETS bars: 1 min for an hour, 30 min for a day, 3 h for a week. */
export function bucketSeconds({ start, end }: TimeRange): number {
  const span = (new Date(end).getTime() - new Date(start).getTime()) / 1000;
  return BUCKET_SECONDS.find((seconds) => span / seconds <= MAX_BUCKETS) ?? BUCKET_SECONDS[BUCKET_SECONDS.length - 1]!;
}

/** Each bucket's start (ms), counted from the range's start as `date_bin` does with that origin. */
export function bucketStarts({ start, end }: TimeRange, seconds: number): number[] {
  const from = new Date(start).getTime();
  const to = new Date(end).getTime();
  const starts: number[] = [];
  for (let at = from; at < to; at += seconds * 1000) starts.push(at);
  return starts;
}

/** A bucket's length in words, for the chart's caption: '1 minute', '30 minutes', '3 hours', '1 day'. */
export function bucketLabel(seconds: number): string {
  const [unit, size] = seconds % 86400 === 0 ? ['day', 86400] : seconds % 3600 === 0 ? ['hour', 3600] : ['minute', 60];
  const count = seconds / (size as number);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** `<input type="datetime-local">`'s value for a moment, in local time. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a `datetime-local` value names (local time), as ISO; '' when empty or unreadable. */
export function fromLocalInput(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}
