export { AuthUsersPage as Component } from '../features/auth-users/auth-users-page';
