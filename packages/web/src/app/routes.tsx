import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '../features/errors/route-error';
import { PageSpinner } from '../ui/spinner';

/**
 * Every page is a lazily loaded route module (src/routes), so a page's first load holds only its
 * own code. `handle.title` names the page in the document title.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    ErrorBoundary: RouteError,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: 'sign-in', lazy: () => import('../routes/sign-in') },
      { path: 'sign-up', lazy: () => import('../routes/sign-up') },
      {
        lazy: () => import('../routes/app-shell'),
        children: [
          { index: true, element: <Navigate to="/organizations" replace /> },
          { path: 'organizations', lazy: () => import('../routes/organizations') },
          { path: 'invitations', lazy: () => import('../routes/invitations') },
          { path: 'account/tokens', lazy: () => import('../routes/account-tokens') },
          { path: 'org/:slug', lazy: () => import('../routes/org-projects') },
          { path: 'org/:slug/team', lazy: () => import('../routes/org-team') },
          { path: 'org/:slug/billing', lazy: () => import('../routes/org-billing') },
          { path: 'org/:slug/usage', lazy: () => import('../routes/org-usage') },
          { path: 'org/:slug/general', lazy: () => import('../routes/org-general') },
          { path: 'support/new', lazy: () => import('../routes/support-new') },
          { path: 'support/tickets/:id', lazy: () => import('../routes/support-ticket') },
          {
            path: 'project/:ref',
            lazy: () => import('../routes/project-layout'),
            children: [
              { index: true, handle: { title: 'Home' }, lazy: () => import('../routes/project-home') },
              {
                path: 'settings/general',
                handle: { title: 'General' },
                lazy: () => import('../routes/project-settings-general'),
              },
              { path: 'settings/api', handle: { title: 'API' }, lazy: () => import('../routes/project-settings-api') },
              {
                path: 'settings/infrastructure',
                handle: { title: 'Infrastructure' },
                lazy: () => import('../routes/project-settings-infrastructure'),
              },
              {
                path: 'settings/compute-and-disk',
                handle: { title: 'Compute and Disk' },
                lazy: () => import('../routes/project-settings-compute-and-disk'),
              },
              { path: 'settings/addons', handle: { title: 'Add-ons' }, lazy: () => import('../routes/project-settings-addons') },
              // Issue 14: the other missing pages.
              {
                path: 'settings/integrations',
                handle: { title: 'Integrations' },
                lazy: () => import('../routes/project-settings-integrations'),
              },
              { path: 'settings/jwt', handle: { title: 'JWT Signing Keys' }, lazy: () => import('../routes/project-settings-jwt') },
              { path: 'settings/vault', handle: { title: 'Vault' }, lazy: () => import('../routes/project-settings-vault') },
              { path: 'settings/api-keys/new', handle: { title: 'API Keys' }, lazy: () => import('../routes/project-settings-api-keys') },
              { path: 'api-keys/new', element: <Navigate to="../settings/api-keys/new" replace /> },
              {
                path: 'database/settings',
                handle: { title: 'Database Settings' },
                lazy: () => import('../routes/project-database-settings'),
              },
              {
                path: 'database/backups/pitr',
                handle: { title: 'Point in time' },
                lazy: () => import('../routes/project-database-backups-pitr'),
              },
              { path: 'branches', handle: { title: 'Branches' }, lazy: () => import('../routes/project-branches') },
              // Issue 14: reports and usage.
              { path: 'reports', handle: { title: 'Reports' }, lazy: () => import('../routes/project-reports') },
              { path: 'reports/:id', handle: { title: 'Report' }, lazy: () => import('../routes/project-report') },
              { path: 'usage', handle: { title: 'Usage' }, lazy: () => import('../routes/project-usage') },
              { path: 'sql', handle: { title: 'SQL Editor' }, lazy: () => import('../routes/project-sql') },
              { path: 'sql/:id', handle: { title: 'SQL Editor' }, lazy: () => import('../routes/project-sql') },
              { path: 'database/backups', element: <Navigate to="scheduled" replace /> },
              {
                path: 'database/backups/scheduled',
                handle: { title: 'Backups' },
                lazy: () => import('../routes/project-database-backups'),
              },
              // Issue 4: advisors, the pages their findings link to, and the auth settings.
              { path: 'advisors', handle: { title: 'Advisors' }, lazy: () => import('../routes/project-advisors') },
              { path: 'editor', handle: { title: 'Tables', tableParam: 'table' }, lazy: () => import('../routes/project-editor') },
              { path: 'api/graphiql', handle: { title: 'GraphiQL' }, lazy: () => import('../routes/project-api-graphiql') },
              { path: 'database/indexes', handle: { title: 'Indexes' }, lazy: () => import('../routes/project-database-indexes') },
              { path: 'database/functions', handle: { title: 'Functions' }, lazy: () => import('../routes/project-database-functions') },
              { path: 'database/extensions', handle: { title: 'Extensions' }, lazy: () => import('../routes/project-database-extensions') },
              { path: 'auth', element: <Navigate to="users" replace /> },
              { path: 'auth/users', handle: { title: 'Users' }, lazy: () => import('../routes/project-auth-users') },
              { path: 'auth/policies', handle: { title: 'Policies' }, lazy: () => import('../routes/project-auth-policies') },
              { path: 'auth/providers', handle: { title: 'Providers' }, lazy: () => import('../routes/project-auth-providers') },
              {
                path: 'auth/url-configuration',
                handle: { title: 'URL Configuration' },
                lazy: () => import('../routes/project-auth-url-configuration'),
              },
              { path: 'auth/templates', handle: { title: 'Emails' }, lazy: () => import('../routes/project-auth-templates') },
              { path: 'auth/mfa', handle: { title: 'Multi-Factor' }, lazy: () => import('../routes/project-auth-mfa') },
              { path: 'auth/rate-limits', handle: { title: 'Rate Limits' }, lazy: () => import('../routes/project-auth-rate-limits') },
              { path: 'auth/smtp', handle: { title: 'SMTP Settings' }, lazy: () => import('../routes/project-auth-smtp') },
              { path: 'auth/hooks', handle: { title: 'Auth Hooks' }, lazy: () => import('../routes/project-auth-hooks') },
              { path: 'auth/mailbox', handle: { title: 'Mailbox' }, lazy: () => import('../routes/project-auth-mailbox') },
              // Issue 12: storage.
              { path: 'storage', element: <Navigate to="buckets" replace /> },
              { path: 'storage/buckets', handle: { title: 'Buckets' }, lazy: () => import('../routes/project-storage-buckets') },
              { path: 'storage/buckets/:id', handle: { title: 'Bucket' }, lazy: () => import('../routes/project-storage-bucket') },
              { path: 'storage/settings', handle: { title: 'Storage Settings' }, lazy: () => import('../routes/project-storage-settings') },
              { path: 'realtime', element: <Navigate to="inspector" replace /> },
              {
                path: 'realtime/inspector',
                handle: { title: 'Realtime Inspector' },
                lazy: () => import('../routes/project-realtime-inspector'),
              },
              {
                path: 'realtime/settings',
                handle: { title: 'Realtime Settings' },
                lazy: () => import('../routes/project-realtime-settings'),
              },
              // Issue 12: edge functions.
              { path: 'functions', handle: { title: 'Edge Functions' }, lazy: () => import('../routes/project-functions-list') },
              { path: 'functions/new', handle: { title: 'Deploy a new function' }, lazy: () => import('../routes/project-functions-new') },
              {
                path: 'functions/secrets',
                handle: { title: 'Edge Function Secrets' },
                lazy: () => import('../routes/project-functions-secrets'),
              },
              {
                path: 'functions/:name/details',
                handle: { title: 'Edge Function' },
                lazy: () => import('../routes/project-functions-details'),
              },
              // Issue 14: the logs explorer and each source's page.
              { path: 'logs', element: <Navigate to="explorer" replace /> },
              { path: 'logs/explorer', handle: { title: 'Logs Explorer' }, lazy: () => import('../routes/project-logs-explorer') },
              { path: 'logs/edge-logs', handle: { title: 'API Gateway logs' }, lazy: () => import('../routes/project-logs-edge-logs') },
              {
                path: 'logs/postgres-logs',
                handle: { title: 'Postgres logs' },
                lazy: () => import('../routes/project-logs-postgres-logs'),
              },
              { path: 'logs/auth-logs', handle: { title: 'Auth logs' }, lazy: () => import('../routes/project-logs-auth-logs') },
              {
                path: 'logs/function-logs',
                handle: { title: 'Edge Function logs' },
                lazy: () => import('../routes/project-logs-function-logs'),
              },
              {
                path: 'logs/realtime-logs',
                handle: { title: 'Realtime logs' },
                lazy: () => import('../routes/project-logs-realtime-logs'),
              },
            ],
          },
          { path: '*', lazy: () => import('../routes/not-found') },
        ],
      },
    ],
  },
];
