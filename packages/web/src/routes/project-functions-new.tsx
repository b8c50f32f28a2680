export { DeployFunctionPage as Component } from '../features/functions/deploy-function-page';
