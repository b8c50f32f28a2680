export { ReportPage as Component } from '../features/reports/report-page';
