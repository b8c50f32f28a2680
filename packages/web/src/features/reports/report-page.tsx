import { ArrowLeft, Pencil, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { REPORTS_MESSAGES } from '@basin/core';
import type { Report, ReportChartConfig } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { useReportQuery } from '../../data/reports/use-report-query';
import { useUpdateReportMutation } from '../../data/reports/use-update-report-mutation';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { ErrorFallback } from '../errors/error-fallback';
import { NotFound } from '../errors/not-found';
import { useCanEditReports } from './add-to-report';
import { AddChartDialog } from './add-chart-dialog';
import { DeleteReportDialog, RenameReportDialog } from './report-dialogs';
import { ReportItemCard } from './report-item-card';
import { SqlCardDropZone } from './sql-card-drop-zone';

type Layout = { id: string; label: string; chartConfig: ReportChartConfig }[];
const layoutOf = (report: Report): Layout => report.items.map(({ id, label, chartConfig }) => ({ id, label, chartConfig }));

function ReportItems({ report, canEdit }: { report: Report; canEdit: boolean }) {
  const update = useUpdateReportMutation();
  const save = (items: Layout) => update.mutate({ ref: report.project_ref, id: report.id, items });
  const layout = layoutOf(report);

  if (report.items.length === 0) {
    return (
      <EmptyState title="No charts yet">
        {canEdit
          ? 'Add a chart from one of your SQL snippets, or drag a result card from the assistant onto this page.'
          : 'Members who may write SQL snippets add charts here.'}
      </EmptyState>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {report.items.map((item, index) => (
        <ReportItemCard
          key={item.id}
          projectRef={report.project_ref}
          item={item}
          position={index}
          count={report.items.length}
          {...(canEdit
            ? {
                onConfigChange: (chartConfig: ReportChartConfig) =>
                  save(layout.map((entry) => (entry.id === item.id ? { ...entry, chartConfig } : entry))),
                onMove: (delta: -1 | 1) => {
                  const next = [...layout];
                  const [moved] = next.splice(index, 1);
                  next.splice(index + delta, 0, moved!);
                  save(next);
                },
                onRemove: () => save(layout.filter((entry) => entry.id !== item.id)),
              }
            : {})}
        />
      ))}
    </div>
  );
}

/** /project/:ref/reports/:id — a custom report: its charts, and (for members who may) their layout. */
export function ReportPage() {
  const { ref = '', id = '' } = useParams();
  const report = useReportQuery(ref, id);
  const canEdit = useCanEditReports(ref);
  const [dialog, setDialog] = useState<'add' | 'rename' | 'delete' | null>(null);
  const open = (name: 'add' | 'rename' | 'delete') => (next: boolean) => setDialog(next ? name : null);
  const hint = canEdit ? null : REPORTS_MESSAGES.noEditPermission;

  if (report.isError) {
    if (isApiError(report.error, 404) || isApiError(report.error, 400)) {
      return <NotFound title="Report not found" detail="No report with this id in this project: it may have been deleted." />;
    }
    return <ErrorFallback onRetry={() => void report.refetch()} />;
  }
  return (
    <SqlCardDropZone projectRef={ref} reportId={id} canEdit={canEdit} className="min-h-full">
      <Page wide>
        <Link to={`/project/${ref}/reports`} className="mb-3 inline-flex items-center gap-1 text-xs text-muted hover:text-foreground">
          <ArrowLeft className="size-3.5" aria-hidden="true" />
          Reports
        </Link>
        {report.isPending ? (
          <div className="flex flex-col gap-4" aria-label="Loading report">
            <Skeleton className="h-7 w-64" />
            <Skeleton className="h-72 w-full rounded-lg" />
          </div>
        ) : (
          <>
            <PageHeader
              title={report.data.name}
              description="Charts run their SQL read-only each time the report opens."
              actions={
                <>
                  <Tooltip content={hint} wrapDisabled={!canEdit}>
                    <Button size="sm" variant="ghost" disabled={!canEdit} onClick={() => setDialog('rename')}>
                      <Pencil className="size-3.5" aria-hidden="true" />
                      Rename
                    </Button>
                  </Tooltip>
                  <Tooltip content={hint} wrapDisabled={!canEdit}>
                    <Button size="sm" variant="ghost" disabled={!canEdit} onClick={() => setDialog('delete')}>
                      <Trash className="size-3.5" aria-hidden="true" />
                      Delete
                    </Button>
                  </Tooltip>
                  <Tooltip content={hint} wrapDisabled={!canEdit}>
                    <Button size="sm" variant="primary" disabled={!canEdit} onClick={() => setDialog('add')}>
                      <Plus className="size-3.5" aria-hidden="true" />
                      Add chart
                    </Button>
                  </Tooltip>
                </>
              }
            />
            <ReportItems report={report.data} canEdit={canEdit} />
            <AddChartDialog report={report.data} open={dialog === 'add'} onOpenChange={open('add')} />
            <RenameReportDialog report={report.data} open={dialog === 'rename'} onOpenChange={open('rename')} />
            <DeleteReportDialog report={report.data} open={dialog === 'delete'} onOpenChange={open('delete')} />
          </>
        )}
      </Page>
    </SqlCardDropZone>
  );
}
