export { FunctionsListPage as Component } from '../features/functions/functions-list-page';
