export { FunctionDetailsPage as Component } from '../features/functions/function-details-page';
