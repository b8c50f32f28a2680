export { FunctionSecretsPage as Component } from '../features/functions/secrets-page';
