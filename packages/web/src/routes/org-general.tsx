export { OrganizationSettingsPage as Component } from '../features/organizations/organization-settings-page';
