/** What point-in-time recovery says (Basin's own wording; the spec gives none). */
export const PITR_MESSAGES = {
  targetRequired: 'recovery_time_target_unix must be a whole number of seconds since 1970',
  notEnabled: 'Point in time recovery is not enabled for this project: enable the add-on first',
  noWindowYet: 'There is nothing to recover to yet: the first base backup since point in time recovery was enabled has not completed',
  outsideWindow: (earliest: string, latest: string) => `Choose a time between ${earliest} and ${latest}, the recoverable window`,
  restoreForbidden: 'You need additional permissions to restore this project',
  restoreFailed: (time: string, reason: string) => `The restore to ${time} failed, and the database runs as it was before: ${reason}`,
} as const;

/** The steps of a restore to a point in time, in order. */
export const PITR_RESTORE_STEPS = ['Queued', 'Recovering the database', 'Taking a base backup', 'Done'] as const;
export type PitrRestoreStep = (typeof PITR_RESTORE_STEPS)[number];
