export { ReportsPage as Component } from '../features/reports/reports-page';
