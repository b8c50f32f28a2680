export { EmailTemplatesPage as Component } from '../features/auth-settings/auth-settings-pages';
