export { SignUpPage as Component } from '../features/auth/sign-up-page';
