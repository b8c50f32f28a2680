import { BUILT_IN_CHART_TEXTS } from '@basin/core';
import type { BuiltInChart, ReportRange } from '@basin/core/schemas';
import { useReportSeriesQuery } from '../../data/reports/use-report-series-query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { headline, headlineLabel, isEmptySeries, isMeasure } from './format';
import { SeriesChart } from './series-chart';

const CHART_HEIGHT = 180;

/** One built-in chart with its title, headline figure and loading, empty and error states. */
export function SeriesCard({ projectRef, chart, range }: { projectRef: string; chart: BuiltInChart; range: ReportRange }) {
  const text = BUILT_IN_CHART_TEXTS[chart];
  const series = useReportSeriesQuery(projectRef, chart, range);
  const figure = series.data ? headline(series.data) : null;
  return (
    <Card aria-label={text.title} role="region">
      <Card.Header className="items-start">
        <div className="min-w-0">
          <Card.Title as="h3">{text.title}</Card.Title>
          <p className="mt-0.5 text-xs text-muted">{text.description}</p>
        </div>
        {figure !== null ? (
          <span className="shrink-0 text-base font-medium tabular-nums">
            <span className="sr-only">{series.data ? headlineLabel(series.data) : null}</span>
            {figure}
          </span>
        ) : null}
      </Card.Header>
      <Card.Content>
        {series.isPending ? (
          <div aria-label={`Loading ${text.title}`}>
            <Skeleton className="h-[180px] w-full" />
          </div>
        ) : series.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center justify-center gap-2 text-center text-[13px] text-muted"
            style={{ height: CHART_HEIGHT }}
          >
            <p>Failed to load this chart: {series.error.message}</p>
            <Button size="sm" onClick={() => void series.refetch()}>
              Try again
            </Button>
          </div>
        ) : isEmptySeries(series.data) ? (
          <div className="flex items-center justify-center text-center text-[13px] text-muted" style={{ height: CHART_HEIGHT }}>
            {isMeasure(series.data)
              ? 'No samples in this range: the database is sampled every minute while it runs.'
              : 'Nothing in this range yet.'}
          </div>
        ) : (
          <SeriesChart data={series.data} height={CHART_HEIGHT} label={`${text.title} chart`} />
        )}
      </Card.Content>
    </Card>
  );
}
