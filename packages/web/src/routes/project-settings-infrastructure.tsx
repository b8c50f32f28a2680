export { InfrastructurePage as Component } from '../features/infrastructure/infrastructure-page';
