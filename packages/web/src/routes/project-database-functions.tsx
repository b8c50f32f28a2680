export { FunctionsPage as Component } from '../features/database-lists/list-pages';
