/** The keys panel says when each key was last used within this many hours (spec part 1 §7). */
export const KEY_LAST_USED_WINDOW_HOURS = 24;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The hint beside a key: 'Last used 3 minutes ago', or that it was not used within the window. */
export function keyLastUsedHint(lastUsedAt: string | null, now: Date): string {
  const elapsed = lastUsedAt === null ? Number.NaN : now.getTime() - new Date(lastUsedAt).getTime();
  if (!(elapsed < KEY_LAST_USED_WINDOW_HOURS * HOUR_MS)) return `Not used in the last ${KEY_LAST_USED_WINDOW_HOURS} hours`;
  if (elapsed < MINUTE_MS) return 'Last used less than a minute ago';
  if (elapsed < HOUR_MS) return `Last used ${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  return `Last used ${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
}
