export { AccessTokensPage as Component } from '../features/account/access-tokens-page';
