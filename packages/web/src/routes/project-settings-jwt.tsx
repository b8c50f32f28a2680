export { SigningKeysPage as Component } from '../features/signing-keys/signing-keys-page';
