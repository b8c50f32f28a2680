export { StorageSettingsPage as Component } from '../features/storage/storage-settings-page';
