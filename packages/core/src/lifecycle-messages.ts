/**
 * What restart, resize, restore and major upgrade say to the user (spec part 1 §6, §8 where the
 * spec has the words; Basin's own wording elsewhere).
 */
export const LIFECYCLE_MESSAGES = {
  restoreForbidden: 'You do not have the required permissions to restore this project',
  resumeTooltip: 'You need additional permissions to resume this project',
  restoreFailedToast: (message: string) => `Failed to restore project: ${message}`,
  restoreRequiresProject: 'Unable to restore: project is required',
  restartForbidden: 'You need additional permissions to restart this project',
  resizeForbidden: 'You need additional permissions to change the compute size of this project',
  upgradeForbidden: 'You need additional permissions to upgrade this project',

  /** 409: the operation needs another status than the one the project is in. */
  notHealthy: (action: string, status: string) => `The project must be healthy to ${action}; it is ${status}`,
  notPaused: (status: string) => `Only a paused project can be restored; this one is ${status}`,

  unknownComputeSize: (value: string) => `Unknown compute size ${JSON.stringify(value)}: use ci_ followed by a size, e.g. ci_small`,
  upgradeTargetUnknown: (target: string) => `Postgres ${target} is not installed on this Basin server`,
  upgradeTargetNotNewer: (target: string, current: string) => `Postgres ${target} is not newer than the project's Postgres ${current}`,
  /** The embedded driver moves data with Debian's postgresql-client tools; say what to install. */
  upgradeNeedsClient: (sourceMajor: string, found: string | undefined) =>
    `Moving a project to a newer Postgres needs pg_dump, pg_dumpall and psql ${sourceMajor} or newer from the postgresql-client package on the Basin server ` +
    `(${found ? `found version ${found}` : 'not found'}). Install it (e.g. apt-get install postgresql-client) and try again.`,

  /** 400 when a member of a free organization already has the free plan's active projects. */
  freeProjectLimitReached: (limit: number, members: readonly string[]) =>
    `The free plan allows ${limit} active projects per member, and ${members.join(', ')} ${members.length === 1 ? 'has' : 'have'} reached that limit. ` +
    'Pause one of their projects or upgrade this organization to restore this project.',

  /** status_message after a failed operation; the project itself is left in a safe state. */
  restartFailed: (reason: string) => `The restart did not complete: ${reason}. Basin keeps trying to start the database.`,
  resizeRolledBack: (size: string, previous: string, reason: string) =>
    `Resizing to ${size} failed: ${reason}. The project keeps its ${previous} compute size.`,
  resizeFailed: (size: string, reason: string) =>
    `Resizing to ${size} did not complete: ${reason}. Basin keeps trying to start the database.`,
  restoreFailed: (reason: string) => `The project could not be restored: ${reason}. Its data is intact.`,
} as const;
