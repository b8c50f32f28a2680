export { ScheduledBackupsPage as Component } from '../features/backups/scheduled-backups-page';
