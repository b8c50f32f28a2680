export { OrganizationProjectsPage as Component } from '../features/organizations/organization-projects-page';
