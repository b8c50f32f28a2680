export { MfaPage as Component } from '../features/auth-settings/auth-settings-pages';
