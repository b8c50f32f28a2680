/** What the backup and pause calls say (spec part 1 §2, §8; part 2 §8). */
export const BACKUP_MESSAGES = {
  noBackups: 'No backups available for download',
  downloadFailed: (message: string) => `Failed to download backup: ${message}`,
  noDownloadPermission: 'You need additional permissions to download backups',
  linkInvalid: 'This download link is not valid',
  linkExpired: 'This download link has expired; download the backup again',
} as const;

export const PAUSE_MESSAGES = {
  noPermission: 'You need additional permissions to pause this project',
  notPausable: (status: string) => `Only an active project can be paused; this project is ${status}`,
  /** PAUSE_FAILED's status_message; the instance is started again, its data untouched. */
  failed: (reason: string) => `The project could not be paused: ${reason}. Its data is intact.`,
  statusFailed: 'Failed to retrieve pause status',
} as const;
