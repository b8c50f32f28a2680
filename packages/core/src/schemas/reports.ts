import { z } from 'zod';
import { REPORT_ITEMS_MAX, REPORT_LABEL_MAX_LENGTH, REPORT_NAME_MAX_LENGTH, REPORT_SQL_MAX_LENGTH } from '../rules/report-items.ts';
import { REPORT_RANGES } from '../rules/report-ranges.ts';
import { ReportChartConfig, ReportChartConfigInput } from './report-chart-config.ts';

/** The reports' time ranges (rules/report-ranges.ts buckets them). */
export const ReportRange = z.enum(REPORT_RANGES);
export type ReportRange = z.infer<typeof ReportRange>;

/** The built-in report's charts, each one route: `/platform/projects/{ref}/reports/series/{chart}`. */
export const BUILT_IN_CHARTS = [
  'api-requests-by-status',
  'api-requests-by-path',
  'database-cpu',
  'database-memory',
  'database-disk',
  'database-connections',
  'auth-sign-ins',
  'storage-requests',
  'function-invocations',
  'realtime-messages',
  'realtime-connections',
] as const;
export const BuiltInChart = z.enum(BUILT_IN_CHARTS);
export type BuiltInChart = z.infer<typeof BuiltInChart>;

export const ReportSeriesQuery = z.object({ range: ReportRange.default('24h') });

export const SERIES_UNITS = ['count', 'percent', 'bytes'] as const;

/**
 * A chart's time buckets, oldest first, every bucket of the range present (empty ones count 0;
 * a measure with no sample in a bucket is null). `timestamp` is the bucket's start.
 */
export const ReportSeries = z
  .object({
    chart: BuiltInChart,
    range: ReportRange,
    start: z.string(),
    end: z.string(),
    interval_seconds: z.number().int().positive(),
    unit: z.enum(SERIES_UNITS),
    series: z.array(z.object({ key: z.string(), label: z.string() })),
    points: z.array(z.object({ timestamp: z.string(), values: z.record(z.string(), z.number().nullable()) })),
  })
  .meta({ id: 'ReportSeries' });
export type ReportSeries = z.infer<typeof ReportSeries>;

// A report item's chart config has a file of its own: rules/report-items.ts builds it, and this file
// reads that rule's limits.
export * from './report-chart-config.ts';

const ReportName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(REPORT_NAME_MAX_LENGTH, `Name must be at most ${REPORT_NAME_MAX_LENGTH} characters`);
const ItemLabel = z
  .string()
  .trim()
  .min(1, 'Label is required')
  .max(REPORT_LABEL_MAX_LENGTH, `Label must be at most ${REPORT_LABEL_MAX_LENGTH} characters`);
const ItemSql = z
  .string()
  .trim()
  .min(1, 'SQL is required')
  .max(REPORT_SQL_MAX_LENGTH, `SQL must be at most ${REPORT_SQL_MAX_LENGTH.toLocaleString('en-US')} characters`);

/**
 * One chart of a custom report. Its SQL is its own: an item made from a snippet copies the
 * snippet's SQL (snippets are private to their author, reports are shared) and keeps `snippet_id`
 * to say where it came from.
 */
export const ReportItem = z
  .object({
    id: z.uuid(),
    label: z.string(),
    sql: z.string(),
    snippet_id: z.uuid().nullable(),
    chartConfig: ReportChartConfig,
  })
  .meta({ id: 'ReportItem' });
export type ReportItem = z.infer<typeof ReportItem>;

/** A custom report: a project's named layout of SQL charts, shared by its members. */
export const Report = z
  .object({
    id: z.uuid(),
    project_ref: z.string(),
    name: z.string(),
    items: z.array(ReportItem),
    inserted_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

export const ReportId = z.uuid('Report id must be a UUID');
export const ReportItemId = z.uuid('Item id must be a UUID');

export const CreateReportBody = z.object({ name: ReportName }).meta({ id: 'CreateReportBody' });
export type CreateReportBody = z.infer<typeof CreateReportBody>;

/**
 * The whole layout at once: `items` lists the report's existing items (by id) in their new order,
 * with their label and chart config; an item left out is removed. SQL is not changed here.
 */
export const UpdateReportBody = z
  .object({
    name: ReportName.optional(),
    items: z
      .array(z.object({ id: ReportItemId, label: ItemLabel, chartConfig: ReportChartConfig }))
      .max(REPORT_ITEMS_MAX, `A report holds at most ${REPORT_ITEMS_MAX} items`)
      .optional(),
  })
  .meta({ id: 'UpdateReportBody' });
export type UpdateReportBody = z.infer<typeof UpdateReportBody>;

/** A new item at the end of the report: inline SQL (an assistant result card) or one of the member's snippets. */
export const AddReportItemBody = z
  .object({
    label: ItemLabel.optional(),
    sql: ItemSql.optional(),
    snippet_id: z.uuid('Snippet id must be a UUID').optional(),
    chartConfig: ReportChartConfigInput.optional(),
  })
  .refine((body) => (body.sql === undefined) !== (body.snippet_id === undefined), { message: 'Give either sql or snippet_id' })
  .meta({ id: 'AddReportItemBody' });
export type AddReportItemBody = z.infer<typeof AddReportItemBody>;
