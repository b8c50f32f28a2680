import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { API_KEYS_MESSAGES, can } from '@basin/core';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Select } from '../../ui/select';
import { PageSpinner } from '../../ui/spinner';
import { Skeleton } from '../../ui/skeleton';
import { useTheme } from '../theme/use-theme';
import { graphqlFetcher } from './graphql-fetcher';

const GraphiqlExplorer = lazy(() => import('./graphiql-explorer'));

type RunAs = 'anon' | 'service_role' | 'user';

const RUN_AS: { value: RunAs; label: string; hint: string }[] = [
  { value: 'anon', label: 'anon', hint: 'A signed-out visitor: row level security applies' },
  { value: 'service_role', label: 'service_role', hint: 'Bypasses row level security' },
  { value: 'user', label: 'A user (access token)', hint: "Row level security with the user's claims" },
];

/**
 * /project/:ref/api/graphiql — GraphiQL against the project's `/graphql/v1`, as the role the
 * member picks: the anon key, the service_role key, or a user's access token with the anon key.
 * Members who may not read the keys paste the anon key.
 */
export function GraphiqlPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const project = useProjectQuery(ref);
  const canReadKeys = can(role, 'service_api_keys:read');
  const settings = useProjectSettingsQuery(ref, { enabled: canReadKeys });
  const { resolved } = useTheme();
  const [runAs, setRunAs] = useState<RunAs>('anon');
  const [pastedKey, setPastedKey] = useState('');
  const [accessToken, setAccessToken] = useState('');

  const keyOf = (tag: string) => settings.data?.service_api_keys.find((key) => key.tags === tag)?.api_key ?? '';
  const apiKey = runAs === 'service_role' ? keyOf('service_role') : canReadKeys ? keyOf('anon') : pastedKey.trim();
  const origin = projectApiOrigin(project.data?.restUrl);
  const token = runAs === 'user' ? accessToken.trim() : '';
  const fetcher = useMemo(() => graphqlFetcher(origin, apiKey, token), [origin, apiKey, token]);
  const loading = !role || !project.data || (canReadKeys && settings.isPending);
  const missing = !apiKey
    ? 'Paste the project’s anon key to run queries.'
    : runAs === 'user' && !token
      ? 'Paste the user’s access token.'
      : null;

  return (
    <Page wide>
      <PageHeader title="GraphiQL" description="Explore and run queries against the project's GraphQL API (/graphql/v1)." />
      {loading ? (
        <Skeleton className="h-[36rem] w-full rounded-lg" />
      ) : canReadKeys && settings.isError ? (
        <Alert tone="danger" title="Could not load the project's API keys">
          {settings.error.message}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-4">
            <Field id="graphiql-role" label="Run as" description={RUN_AS.find((option) => option.value === runAs)?.hint} className="w-64">
              <Select id="graphiql-role" labelledBy="graphiql-role-label" value={runAs} onValueChange={(value) => setRunAs(value as RunAs)}>
                {RUN_AS.filter((option) => canReadKeys || option.value !== 'service_role').map((option) => (
                  <Select.Item key={option.value} value={option.value}>
                    {option.label}
                  </Select.Item>
                ))}
              </Select>
            </Field>
            {!canReadKeys ? (
              <Field id="graphiql-anon-key" label="Anon key" description={API_KEYS_MESSAGES.noPermission} className="min-w-72 flex-1">
                <Input id="graphiql-anon-key" mono value={pastedKey} onChange={(event) => setPastedKey(event.target.value)} />
              </Field>
            ) : null}
            {runAs === 'user' ? (
              <Field
                id="graphiql-token"
                label="User access token"
                description="The access_token of the user's session, e.g. from supabase.auth.getSession()."
                className="min-w-72 flex-1"
              >
                <Input id="graphiql-token" mono value={accessToken} onChange={(event) => setAccessToken(event.target.value)} />
              </Field>
            ) : null}
          </div>
          {missing ? <Alert tone="info" title={missing} /> : null}
          <div className="h-[calc(100vh-16rem)] min-h-[32rem] overflow-hidden rounded-lg border border-border" data-testid="graphiql">
            <Suspense fallback={<PageSpinner label="Loading GraphiQL" />}>
              {/* A new key or token starts a new session, so the docs explorer reads the schema that role sees. */}
              <GraphiqlExplorer key={`${runAs}:${apiKey}:${token}`} fetcher={fetcher} dark={resolved === 'dark'} />
            </Suspense>
          </div>
        </div>
      )}
    </Page>
  );
}
