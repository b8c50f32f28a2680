import { Link, useParams } from 'react-router';
import { pageTitle, USAGE_METRIC_TEXTS } from '@basin/core';
import type { Organization, OrganizationUsage } from '@basin/core/schemas';
import { useOrganizationUsageQuery } from '../../data/usage/use-organization-usage-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import { ErrorFallback } from '../errors/error-fallback';
import { OrganizationFrame } from '../organizations/organization-frame';
import { formatAmount, formatPeriod } from './format';
import { UsageLoading } from './usage-page';
import { UsageMeter } from './usage-meter';

function ProjectsTable({ usage }: { usage: OrganizationUsage }) {
  const metrics = usage.metrics.map((metric) => metric.metric);
  return (
    <Card>
      <Card.Header>
        <Card.Title>By project</Card.Title>
      </Card.Header>
      <div className="overflow-x-auto">
        <table className="w-full text-[13px]" aria-label="Usage by project">
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted">
              <th scope="col" className="px-4 py-2 font-medium">
                Project
              </th>
              {metrics.map((metric) => (
                <th key={metric} scope="col" className="px-4 py-2 text-right font-medium whitespace-nowrap">
                  {USAGE_METRIC_TEXTS[metric].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {usage.projects.map((project) => (
              <tr key={project.project_ref} className="border-b border-border last:border-0">
                <th scope="row" className="px-4 py-2 text-left font-medium">
                  <Link to={`/project/${project.project_ref}/usage`} className="hover:underline">
                    {project.project_name}
                  </Link>
                </th>
                {project.metrics.map((metric) => (
                  <td key={metric.metric} className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                    {metric.usage === null ? <span className="text-muted">—</span> : formatAmount(metric.usage, metric.unit)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function Usage({ organization }: { organization: Organization }) {
  useDocumentTitle(pageTitle({ page: 'Usage', organization: organization.name }));
  const usage = useOrganizationUsageQuery(organization.slug);
  if (usage.isPending) return <UsageLoading label="Loading usage" />;
  if (usage.isError) return <ErrorFallback onRetry={() => void usage.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-[13px] text-muted">
        This billing period: {formatPeriod(usage.data.period_start, usage.data.period_end)} (UTC),{' '}
        {usage.data.projects.length === 1 ? 'the organization’s one project' : `all ${usage.data.projects.length} projects together`}. The
        database size quota holds for each project.
      </p>
      <Card>
        <div className="divide-y divide-border">
          {usage.data.metrics.map((metric) => (
            <UsageMeter key={metric.metric} metric={metric} plan={usage.data.plan} unmeasured="Measured while a project runs" />
          ))}
        </div>
      </Card>
      {usage.data.projects.length ? <ProjectsTable usage={usage.data} /> : null}
    </div>
  );
}

/** /org/:slug/usage — the organization's usage this month, its projects summed and each one. */
export function OrganizationUsagePage() {
  const { slug = '' } = useParams();
  return (
    <OrganizationFrame slug={slug}>
      {(organization) => (
        <Page wide>
          <Usage organization={organization} />
        </Page>
      )}
    </OrganizationFrame>
  );
}
