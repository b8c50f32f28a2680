export { AdvisorsPage as Component } from '../features/advisors/advisors-page';
