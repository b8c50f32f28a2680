const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input's value to the second, in the browser's time zone: '2026-03-04T21:05:12'. */
export function toDateTimeLocal(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`;
  return `${date}T${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}:${twoDigits(d.getSeconds())}`;
}

/**
 * A `datetime-local` value as milliseconds since 1970, or null when empty or malformed. Without an
 * offset the string is local time, as the input shows it. Browsers drop ':00' seconds and may add
 * milliseconds ('.000'), so every form parses.
 */
export function fromDateTimeLocal(value: string): number | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
