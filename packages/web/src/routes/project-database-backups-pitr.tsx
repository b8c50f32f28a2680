export { PitrPage as Component } from '../features/backups/pitr-page';
