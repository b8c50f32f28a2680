export { DatabaseSettingsPage as Component } from '../features/database-settings/database-settings-page';
