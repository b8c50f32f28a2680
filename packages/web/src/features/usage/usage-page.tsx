import { Link, useParams } from 'react-router';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectUsageQuery } from '../../data/usage/use-project-usage-query';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { formatPeriod } from './format';
import { UsageMeter } from './usage-meter';

export function UsageLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-label={label}>
      <Skeleton className="h-5 w-72" />
      <Skeleton className="h-96 w-full rounded-lg" />
    </div>
  );
}

/** /project/:ref/usage — the project's usage this month against its plan's quotas. */
export function UsagePage() {
  const { ref = '' } = useParams();
  const usage = useProjectUsageQuery(ref);
  const { data: project } = useProjectQuery(ref);
  const running = project?.status === 'ACTIVE_HEALTHY';
  return (
    <Page>
      <PageHeader
        title="Usage"
        description={
          usage.data
            ? `This billing period: ${formatPeriod(usage.data.period_start, usage.data.period_end)} (UTC). Nothing is billed: quotas show how far the project is from what its plan includes.`
            : 'What the project used this billing period, against its plan.'
        }
      />
      {usage.isPending ? (
        <UsageLoading label="Loading usage" />
      ) : usage.isError ? (
        <ErrorFallback onRetry={() => void usage.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <Card>
            <div className="divide-y divide-border">
              {usage.data.metrics.map((metric) => (
                <UsageMeter
                  key={metric.metric}
                  metric={metric}
                  plan={usage.data.plan}
                  unmeasured={running ? 'Not measured: try again in a moment' : 'Measured while the project runs'}
                />
              ))}
            </div>
          </Card>
          <p className="text-xs text-muted">
            Quotas hold for the whole organization, all its projects together, except the database size, which holds for each project.{' '}
            {project ? (
              <Link to={`/org/${project.organization_slug}/usage`} className="text-foreground underline underline-offset-2">
                The organization’s usage
              </Link>
            ) : null}
          </p>
        </div>
      )}
    </Page>
  );
}
