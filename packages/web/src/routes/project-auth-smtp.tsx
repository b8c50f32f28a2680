export { SmtpPage as Component } from '../features/auth-settings/auth-settings-pages';
