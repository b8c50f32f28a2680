export { HooksPage as Component } from '../features/auth-settings/auth-settings-pages';
