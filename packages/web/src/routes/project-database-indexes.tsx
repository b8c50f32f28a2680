export { IndexesPage as Component } from '../features/database-lists/list-pages';
