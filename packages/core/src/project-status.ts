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

/** Whether the project's REST API answers (spec part 1 §3); a project without the field counts as ONLINE. */
export type PostgrestStatus = 'ONLINE' | 'OFFLINE';

export const STATUS_POLL_INTERVAL_MS = 4000;
export const SUPPORT_PROMPT_AFTER_MS = 2 * 60 * 1000;
/** While pausing, the first poll waits 4 s, then the status is polled every 2 s until INACTIVE (spec part 1 §4). */
export const PAUSING_FIRST_POLL_AFTER_MS = 4000;
export const PAUSING_POLL_INTERVAL_MS = 2000;
/** The connecting screen asks the REST API every 4 s, giving each request 2 s (spec part 1 §4, §7). */
export const REST_HEALTH_POLL_INTERVAL_MS = 4000;
export const REST_HEALTH_TIMEOUT_MS = 2000;

/**
 * How often the project status is polled: every 4 s while the project is not ACTIVE_HEALTHY, every
 * 2 s while it is pausing, never once healthy.
 */
export function statusPollInterval(status: ProjectStatus | undefined): number | false {
  if (status === 'ACTIVE_HEALTHY') return false;
  return status === 'PAUSING' ? PAUSING_POLL_INTERVAL_MS : STATUS_POLL_INTERVAL_MS;
}

/** How long to wait before the first poll once the project shows `status`: 4 s when pausing, else none. */
export function statusFirstPollDelay(status: ProjectStatus | undefined): number {
  return status === 'PAUSING' ? PAUSING_FIRST_POLL_AFTER_MS : 0;
}

const IN_PROGRESS: ReadonlySet<ProjectStatus> = new Set([
  'COMING_UP',
  'UNKNOWN',
  'GOING_DOWN',
  'PAUSING',
  'RESTARTING',
  'RESIZING',
  'UPGRADING',
  'RESTORING',
]);

/** Whether the status is on its way to another one (a lifecycle job is running): lists keep polling. */
export function isStatusInProgress(status: ProjectStatus): boolean {
  return IN_PROGRESS.has(status);
}

/** The REST health check runs only while the connecting screen shows. */
export function restHealthPollInterval(screen: StatusScreen): number | false {
  return screen === 'connecting' ? REST_HEALTH_POLL_INTERVAL_MS : false;
}

export const STATUS_SCREENS = [
  'setup',
  'connecting',
  'pausing',
  'pause-failed',
  'paused',
  'restarting',
  'resizing',
  'upgrading',
  'restoring',
  'restore-failed',
  'init-failed',
  'deleting',
] as const;
export type StatusScreen = (typeof STATUS_SCREENS)[number] | null;

/** The screens that give way on the backups pages, so that backups stay reachable (spec part 1 §2). */
const SKIPPED_ON_BACKUPS: ReadonlySet<StatusScreen> = new Set(['restarting', 'resizing', 'upgrading', 'restoring', 'restore-failed']);

/** The connecting screen's database health link leads here, where the database itself is read. */
const DATABASE_HEALTH_PAGE = '/settings/infrastructure';

/** The part of a project path after `/project/{ref}`: '' for the home, '/settings/general', ... */
function projectSubpath(pathname: string): string {
  const match = /^\/project\/[^/]+(\/.*)?$/.exec(pathname);
  return (match?.[1] ?? '').replace(/\/+$/, '');
}

/** Whether a pathname is one of a project's database/backups routes. */
export function isBackupsPath(pathname: string): boolean {
  const subpath = projectSubpath(pathname);
  return subpath === '/database/backups' || subpath.startsWith('/database/backups/');
}

function screenOfStatus(status: ProjectStatus | undefined, postgrestStatus: PostgrestStatus | undefined): StatusScreen {
  switch (status) {
    case 'COMING_UP':
    case 'UNKNOWN':
      return 'setup';
    case 'ACTIVE_HEALTHY':
      return postgrestStatus === 'OFFLINE' ? 'connecting' : null;
    case 'PAUSING':
      return 'pausing';
    case 'PAUSE_FAILED':
      return 'pause-failed';
    case 'INACTIVE':
      return 'paused';
    case 'RESTARTING':
      return 'restarting';
    case 'RESIZING':
      return 'resizing';
    case 'UPGRADING':
      return 'upgrading';
    case 'RESTORING':
      return 'restoring';
    case 'RESTORE_FAILED':
      return 'restore-failed';
    case 'INIT_FAILED':
      return 'init-failed';
    // Basin's GOING_DOWN: the project is being deleted (its instance, data and backups removed).
    case 'GOING_DOWN':
      return 'deleting';
    default:
      return null;
  }
}

export interface StatusScreenInput {
  status: ProjectStatus | undefined;
  /** The location's pathname, e.g. '/project/abc/settings/general'; without it no route exception applies. */
  pathname?: string;
  postgrestStatus?: PostgrestStatus;
}

/**
 * Which full-page status screen replaces a project route (spec part 1 §2), or null for the page
 * itself. The paused page gives way on the project home and the settings routes; the connecting
 * screen on the infrastructure page its health link opens; the restart, resize, upgrade, restore
 * and restore-failed screens on the database/backups routes.
 */
export function statusScreenFor({ status, pathname, postgrestStatus }: StatusScreenInput): StatusScreen {
  const screen = screenOfStatus(status, postgrestStatus);
  if (pathname === undefined || screen === null) return screen;
  const subpath = projectSubpath(pathname);
  if (screen === 'connecting' && subpath === DATABASE_HEALTH_PAGE) return null;
  if (screen === 'paused' && (subpath === '' || subpath === '/settings' || subpath.startsWith('/settings/'))) return null;
  if (SKIPPED_ON_BACKUPS.has(screen) && isBackupsPath(pathname)) return null;
  return screen;
}
