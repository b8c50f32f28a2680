export { ExtensionsPage as Component } from '../features/database-lists/list-pages';
