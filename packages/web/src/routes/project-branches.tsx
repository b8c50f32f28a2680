export { BranchesPage as Component } from '../features/branches/branches-page';
