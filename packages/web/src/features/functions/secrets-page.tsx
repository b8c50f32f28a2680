import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useSecretsQuery } from '../../data/functions/use-secrets-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { functionPermissions } from './function-permissions';
import { SecretsFormCard, useSecretsForm } from './secrets-form';
import { PLATFORM_SECRETS } from './secrets-schema';
import { SecretsTable } from './secrets-table';

/** /project/:ref/functions/secrets — the environment every function of the project gets. */
export function FunctionSecretsPage() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const permissions = functionPermissions(role);
  const secrets = useSecretsQuery(ref, { enabled: permissions.canReadSecrets });
  const form = useSecretsForm();

  const update = (name: string) => {
    form.reset({ secrets: [{ name, value: '' }] });
    form.setFocus('secrets.0.value');
  };

  return (
    <Page>
      <Link to={`/project/${ref}/functions`} className="mb-3 inline-flex items-center gap-1 text-xs text-muted hover:text-foreground">
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Edge Functions
      </Link>
      <PageHeader
        title="Edge Function Secrets"
        description={
          <>
            Environment variables for every function of the project, stored encrypted. {PLATFORM_SECRETS.join(', ')} are always set; names
            starting with SUPABASE_ are the platform&apos;s.
          </>
        }
      />
      {!role ? (
        <Skeleton className="h-48 w-full rounded-lg" />
      ) : !permissions.canReadSecrets ? (
        <Alert tone="warning" title={permissions.secretsTooltip ?? ''} />
      ) : (
        <div className="flex flex-col gap-5">
          <SecretsFormCard projectRef={ref} canWrite={permissions.canWriteSecrets} tooltip={permissions.secretsTooltip} form={form} />
          {secrets.isError && !secrets.data ? (
            <Alert tone="danger" title="Could not load the secrets">
              <p>{secrets.error.message}</p>
              <Button size="sm" className="mt-2" onClick={() => void secrets.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : !secrets.data ? (
            <Skeleton className="h-32 w-full rounded-lg" />
          ) : secrets.data.length === 0 ? (
            <EmptyState icon={<Lock className="size-6" aria-hidden="true" />} title="No secrets yet">
              Keep API keys and passwords here rather than in a function&apos;s code: add a name and value above.
            </EmptyState>
          ) : (
            <SecretsTable projectRef={ref} secrets={secrets.data} canWrite={permissions.canWriteSecrets} onUpdate={update} />
          )}
        </div>
      )}
    </Page>
  );
}
