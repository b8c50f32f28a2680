export { GraphiqlPage as Component } from '../features/api-docs/graphiql-page';
