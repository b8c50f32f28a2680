export { PoliciesPage as Component } from '../features/database-lists/list-pages';
