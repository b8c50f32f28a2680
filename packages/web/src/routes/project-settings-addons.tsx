export { AddonsPage as Component } from '../features/addons/addons-page';
