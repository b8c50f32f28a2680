export { OrganizationUsagePage as Component } from '../features/usage/organization-usage-page';
