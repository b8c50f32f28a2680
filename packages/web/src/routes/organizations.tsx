export { OrganizationsPage as Component } from '../features/organizations/organizations-page';
