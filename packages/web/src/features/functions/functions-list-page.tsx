import { Braces, Lock, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useFunctionsQuery } from '../../data/functions/use-functions-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { DeployButton } from './deploy-button';
import { functionPermissions } from './function-permissions';
import { FunctionsTable } from './functions-table';
import { SandboxNotice } from './sandbox-notice';

/** What functions are, and the two ways to deploy one. */
function NoFunctions({ projectRef, deploy }: { projectRef: string; deploy: ReactNode }) {
  return (
    <EmptyState icon={<Braces className="size-6" aria-hidden="true" />} title="Deploy your first edge function" action={deploy}>
      <p>
        Edge functions are TypeScript you write with <code className="font-mono text-xs">Deno.serve()</code>, run on Deno next to your
        database. They answer HTTP at <code className="font-mono text-xs">/functions/v1/&lt;slug&gt;</code> on your project&apos;s API:
        webhooks, payments, emails, anything that needs a secret.
      </p>
      <p className="mt-3">Deploy one with the Supabase CLI:</p>
      <pre className="mt-1.5 overflow-x-auto rounded-md border border-border bg-surface-muted px-3 py-2 text-left font-mono text-xs text-foreground">
        {`supabase functions new hello-world\nsupabase functions deploy hello-world \\\n  --project-ref ${projectRef}`}
      </pre>
      <p className="mt-3">or write it here in the dashboard:</p>
    </EmptyState>
  );
}

/** /project/:ref/functions — the project's edge functions. */
export function FunctionsListPage() {
  const { ref = '' } = useParams();
  const functions = useFunctionsQuery(ref);
  const permissions = functionPermissions(useProjectRole(ref));
  const deploy = (
    <DeployButton projectRef={ref} canWrite={permissions.canWrite || !permissions.loaded} tooltip={permissions.writeTooltip} />
  );

  return (
    <Page wide>
      <PageHeader
        title="Edge Functions"
        description="Server-side TypeScript on Deno, called over HTTP from your app, webhooks and cron."
        actions={
          <>
            {permissions.canReadSecrets ? (
              <Button asChild>
                <Link to={`/project/${ref}/functions/secrets`}>
                  <Lock className="size-3.5" aria-hidden="true" />
                  Secrets
                </Link>
              </Button>
            ) : null}
            {functions.data?.length ? deploy : null}
          </>
        }
      />
      <SandboxNotice projectRef={ref} />
      {functions.isError && !functions.data ? (
        <Alert tone="danger" title="Could not load the edge functions">
          <p>{functions.error.message}</p>
          <Button size="sm" className="mt-2" onClick={() => void functions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !functions.data ? (
        <Skeleton className="h-48 w-full rounded-lg" />
      ) : functions.data.length === 0 ? (
        <NoFunctions projectRef={ref} deploy={deploy} />
      ) : (
        <>
          <div className="mb-2 flex items-center justify-between text-xs text-muted">
            <span>
              {functions.data.length} {functions.data.length === 1 ? 'function' : 'functions'}
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Reload functions"
              onClick={() => void functions.refetch()}
              disabled={functions.isFetching}
            >
              <RotateCw className={functions.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} aria-hidden="true" />
            </Button>
          </div>
          <FunctionsTable projectRef={ref} functions={functions.data} />
        </>
      )}
    </Page>
  );
}
