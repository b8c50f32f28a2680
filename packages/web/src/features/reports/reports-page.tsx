import { FileChartColumn, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { REPORTS_MESSAGES } from '@basin/core';
import type { BuiltInChart } from '@basin/core/schemas';
import { useReportsQuery } from '../../data/reports/use-reports-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { useCanEditReports } from './add-to-report';
import { RangePicker, useReportRange } from './range-picker';
import { NewReportDialog } from './report-dialogs';
import { SeriesCard } from './series-card';

/** The built-in report's sections, in the order of the product menu. */
const SECTIONS: { title: string; charts: BuiltInChart[] }[] = [
  { title: 'API', charts: ['api-requests-by-status', 'api-requests-by-path'] },
  { title: 'Database', charts: ['database-cpu', 'database-memory', 'database-disk', 'database-connections'] },
  { title: 'Auth, storage and functions', charts: ['auth-sign-ins', 'storage-requests', 'function-invocations'] },
  { title: 'Realtime', charts: ['realtime-messages', 'realtime-connections'] },
];

function CustomReports({ projectRef }: { projectRef: string }) {
  const reports = useReportsQuery(projectRef);
  const canEdit = useCanEditReports(projectRef);
  const [creating, setCreating] = useState(false);
  return (
    <Card className="mb-8">
      <Card.Header>
        <Card.Title>Custom reports</Card.Title>
        <Tooltip content={canEdit ? null : REPORTS_MESSAGES.noEditPermission} wrapDisabled={!canEdit}>
          <Button size="sm" disabled={!canEdit} onClick={() => setCreating(true)}>
            <Plus className="size-3.5" aria-hidden="true" />
            New report
          </Button>
        </Tooltip>
      </Card.Header>
      <Card.Content>
        {reports.isPending ? (
          <Skeleton className="h-8 w-72" />
        ) : reports.isError ? (
          <p role="alert" className="text-[13px] text-danger">
            Failed to load the custom reports: {reports.error.message}
          </p>
        ) : reports.data.length === 0 ? (
          <p className="text-[13px] text-muted">No custom reports yet: make one from your SQL snippets and the assistant's result cards.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Custom reports">
            {reports.data.map((report) => (
              <li key={report.id}>
                <Link
                  to={`/project/${projectRef}/reports/${report.id}`}
                  className="inline-flex h-8 items-center gap-2 rounded-md border border-border px-3 text-[13px] hover:bg-surface-hover"
                >
                  <FileChartColumn className="size-4 text-muted" aria-hidden="true" />
                  {report.name}
                  <span className="text-xs text-muted">{report.items.length}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card.Content>
      <NewReportDialog projectRef={projectRef} open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

/** /project/:ref/reports — the built-in charts of the project's traffic and database, and its custom reports. */
export function ReportsPage() {
  const { ref = '' } = useParams();
  const [range, setRange] = useReportRange();
  return (
    <Page wide>
      <PageHeader
        title="Reports"
        description="The project's API traffic, database resources, sign-ins, storage, functions and Realtime over time."
        actions={<RangePicker value={range} onChange={setRange} />}
      />
      <CustomReports projectRef={ref} />
      <div className="flex flex-col gap-8">
        {SECTIONS.map((section) => (
          <section key={section.title} aria-label={section.title} className="flex flex-col gap-3">
            <h2 className="text-sm font-medium">{section.title}</h2>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {section.charts.map((chart) => (
                <SeriesCard key={chart} projectRef={ref} chart={chart} range={range} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </Page>
  );
}
