/** A paused free project can be restored for 90 days by default (spec part 1 §9). */
export const MAX_DAYS_TILL_RESTORE_DISABLED = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left to restore a project paused at `pausedAt`, never below 0. */
export function remainingDaysTillRestoreDisabled(pausedAt: Date, now: Date, maxDays = MAX_DAYS_TILL_RESTORE_DISABLED): number {
  const elapsedDays = Math.floor((now.getTime() - pausedAt.getTime()) / DAY_MS);
  return Math.max(0, maxDays - elapsedDays);
}

/** Projects that stay active per member of a free organization. */
export const FREE_PROJECT_LIMIT = 2;
