export { ApiKeysPage as Component } from '../features/api-keys/api-keys-page';
