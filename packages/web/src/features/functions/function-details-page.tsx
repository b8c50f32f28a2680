import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../data/fetcher';
import { useFunctionActivityQuery } from '../../data/functions/use-function-activity-query';
import { useFunctionQuery } from '../../data/functions/use-function-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectRole } from '../../data/use-project-role';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { CodeCard } from './code-card';
import { DeleteFunctionCard } from './delete-function-card';
import { functionPermissions } from './function-permissions';
import { FunctionStatusBadge } from './functions-table';
import { InvocationsCard } from './invocations-card';
import { InvokeCard } from './invoke-card';
import { LogsCard } from './logs-card';
import { SettingsCard } from './settings-card';
import { SandboxNotice } from './sandbox-notice';

const dateOf = (ms: number) => formatDateTime(new Date(ms).toISOString());

function BackLink({ projectRef }: { projectRef: string }) {
  return (
    <Link
      to={`/project/${projectRef}/functions`}
      className="mb-3 inline-flex items-center gap-1 rounded-sm text-xs text-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      Edge Functions
    </Link>
  );
}

/** /project/:ref/functions/:name/details — how to call the function, what it did lately, its code and settings. */
export function FunctionDetailsPage() {
  const { ref = '', name: slug = '' } = useParams();
  const fn = useFunctionQuery(ref, slug);
  const activity = useFunctionActivityQuery(ref, slug, { enabled: fn.isSuccess });
  const { data: project } = useProjectQuery(ref);
  const role = useProjectRole(ref);
  const permissions = functionPermissions(role);

  if (fn.isError && !fn.data) {
    return (
      <Page wide>
        <BackLink projectRef={ref} />
        {isApiError(fn.error, 404) ? (
          <EmptyState icon={<SearchX className="size-6" aria-hidden="true" />} title="Function not found">
            There is no edge function <code className="font-mono text-xs">{slug}</code> in this project. It may have been deleted.
          </EmptyState>
        ) : (
          <Alert tone="danger" title="Could not load the function">
            <p>{fn.error.message}</p>
            <Button size="sm" className="mt-2" onClick={() => void fn.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </Page>
    );
  }
  if (!fn.data) {
    return (
      <Page wide>
        <BackLink projectRef={ref} />
        <div role="status" aria-label="Loading the function" className="flex flex-col gap-4">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-48 w-full rounded-lg" />
          <Skeleton className="h-48 w-full rounded-lg" />
        </div>
      </Page>
    );
  }

  const data = fn.data;
  const { canWrite, writeTooltip } = permissions;
  return (
    <Page wide>
      <BackLink projectRef={ref} />
      <PageHeader
        title={data.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <FunctionStatusBadge status={data.status} />
            <Badge>Version {data.version}</Badge>
            <span>
              Slug <code className="font-mono text-xs">{data.slug}</code>
            </span>
            <span>Created {dateOf(data.created_at)}</span>
            <span>Updated {dateOf(data.updated_at)}</span>
          </span>
        }
      />
      <SandboxNotice projectRef={ref} />
      <div className="flex flex-col gap-4">
        <InvokeCard projectRef={ref} restUrl={project?.restUrl} slug={data.slug} role={role} />
        <div className="grid gap-4">
          <InvocationsCard
            invocations={activity.data?.invocations}
            loading={activity.isPending && !activity.isError}
            error={activity.error?.message}
            fetching={activity.isFetching}
            onReload={() => void activity.refetch()}
          />
          <LogsCard logs={activity.data?.logs} loading={activity.isPending && !activity.isError} error={activity.error?.message} />
        </div>
        <CodeCard projectRef={ref} fn={data} canWrite={canWrite} writeTooltip={writeTooltip} />
        <SettingsCard projectRef={ref} fn={data} canWrite={canWrite} writeTooltip={writeTooltip} />
        <DeleteFunctionCard projectRef={ref} fn={data} canWrite={canWrite} writeTooltip={writeTooltip} />
      </div>
    </Page>
  );
}
