const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The spec's 'MMM D, YYYY, hh:mma' in local time, e.g. 'Mar 4, 2026, 09:05PM'; the input as is when unreadable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${twoDigits(hours)}:${twoDigits(date.getMinutes())}${meridiem}`;
}

/** The browser's time zone, e.g. 'Europe/Berlin' or 'UTC': the zone of every local time shown. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** To the second, with the zone: 'Mar 4, 2026, 9:05:12 PM GMT+1'; the input as is when unreadable. */
export function formatDateTimeWithZone(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'long' });
}
