/** Words of the reports and usage pages, shared by the server (series labels, refusals) and the dashboard. */
import type { BuiltInChart } from './schemas/reports.ts';
import type { UsageMetricId } from './schemas/usage.ts';

export const REPORTS_MESSAGES = {
  /** Spec part 2 §6: editing reports (and dropping an assistant card on one) takes user_content sql create. */
  noEditPermission: 'You need additional permissions to create or change reports',
  unknownItem: (id: string) => `The report has no item ${id}`,
  tooManyItems: (max: number) => `A report holds at most ${max} items`,
  runsReadOnly: 'Report charts run read-only: a query that writes cannot be a chart.',
  noRows: 'The query returned no rows',
  pickAxes: 'Select columns for the X and Y axes',
  added: (report: string) => `Added to ${report}`,
  addFailed: (message: string) => `Failed to add to report: ${message}`,
} as const;

export interface BuiltInChartText {
  title: string;
  description: string;
}

export const BUILT_IN_CHART_TEXTS: Record<BuiltInChart, BuiltInChartText> = {
  'api-requests-by-status': { title: 'API requests', description: 'Requests through the project gateway, by status class.' },
  'api-requests-by-path': { title: 'API requests by path', description: 'The busiest paths of the project API; the rest together.' },
  'database-cpu': {
    title: 'Database CPU',
    description: 'The instance’s processes, over the cores of its compute size (average per bucket).',
  },
  'database-memory': {
    title: 'Database memory',
    description: 'Memory the instance’s processes take, over its compute size (average per bucket).',
  },
  'database-disk': { title: 'Disk size used', description: 'What the databases and the stored files take (largest sample per bucket).' },
  'database-connections': {
    title: 'Database connections',
    description: 'Client sessions on the database, the platform’s own included (largest sample per bucket).',
  },
  'auth-sign-ins': { title: 'Auth sign-ins', description: 'Password sign-ins through the auth API, succeeded and refused.' },
  'storage-requests': { title: 'Storage requests', description: 'Requests to the storage API, by kind.' },
  'function-invocations': { title: 'Edge function invocations', description: 'Invocations of the project’s edge functions, by function.' },
  'realtime-messages': {
    title: 'Realtime messages',
    description: 'Messages Realtime sent to clients: broadcasts, presence and database changes.',
  },
  'realtime-connections': { title: 'Realtime connections', description: 'The most Realtime sockets open at once (per bucket).' },
};

export interface UsageMetricText {
  label: string;
  description: string;
}

export const USAGE_METRIC_TEXTS: Record<UsageMetricId, UsageMetricText> = {
  database_size: { label: 'Database size', description: 'What the databases take on disk now.' },
  egress: {
    label: 'Egress',
    description: 'Bytes the project APIs (data, auth, storage and functions) sent this month. Direct database connections are not counted.',
  },
  storage_size: { label: 'Storage size', description: 'The size of the stored files now.' },
  function_invocations: { label: 'Edge function invocations', description: 'Edge function invocations this month.' },
  monthly_active_users: { label: 'Monthly active users', description: 'Users who signed in this month.' },
  compute_hours: { label: 'Compute hours', description: 'Hours the databases ran this month.' },
  realtime_messages: {
    label: 'Realtime messages',
    description: 'Messages Realtime sent to clients this month: broadcasts, presence and database changes.',
  },
  realtime_peak_connections: { label: 'Realtime peak connections', description: 'The most Realtime sockets open at once this month.' },
};
