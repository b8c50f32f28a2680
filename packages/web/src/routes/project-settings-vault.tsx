export { VaultPage as Component } from '../features/vault/vault-page';
