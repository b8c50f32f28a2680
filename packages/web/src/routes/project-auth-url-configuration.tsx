export { UrlConfigurationPage as Component } from '../features/auth-settings/auth-settings-pages';
