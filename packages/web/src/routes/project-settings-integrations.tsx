export { IntegrationsPage as Component } from '../features/integrations/integrations-page';
