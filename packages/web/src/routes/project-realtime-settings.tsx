export { RealtimeSettingsPage as Component } from '../features/realtime-settings/realtime-settings-page';
