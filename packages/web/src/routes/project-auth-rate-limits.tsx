export { RateLimitsPage as Component } from '../features/auth-settings/auth-settings-pages';
