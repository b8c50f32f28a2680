export { SignInPage as Component } from '../features/auth/sign-in-page';
