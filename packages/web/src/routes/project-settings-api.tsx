export { ApiSettings as Component } from '../features/api-keys/api-settings';
