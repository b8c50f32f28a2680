/** Project statuses (spec part 1 §3) plus INIT_FAILED, Basin's status for a creation that failed. */
export const PROJECT_STATUSES = [
  'ACTIVE_HEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'INACTIVE',
  'GOING_DOWN',
  'PAUSING',
  'PAUSE_FAILED',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'RESTORING',
  'RESTORE_FAILED',
  'INIT_FAILED',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const STATUS_POLL_INTERVAL_MS = 4000;
export const SUPPORT_PROMPT_AFTER_MS = 2 * 60 * 1000;

/** The status screen is polled while the project is not yet healthy. */
export function statusPollInterval(status: ProjectStatus | undefined): number | false {
  return status === 'ACTIVE_HEALTHY' ? false : STATUS_POLL_INTERVAL_MS;
}

export type StatusScreen = 'setup' | 'init-failed' | null;

/**
 * Which full-page status screen replaces a project route. Later issues add the pause, restore,
 * resize and upgrade screens here, with the spec's route exceptions.
 */
export function statusScreenFor(status: ProjectStatus | undefined): StatusScreen {
  switch (status) {
    case 'COMING_UP':
    case 'UNKNOWN':
      return 'setup';
    case 'INIT_FAILED':
      return 'init-failed';
    default:
      return null;
  }
}
