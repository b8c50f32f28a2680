import { createRoute, z } from '@hono/zod-openapi';
import {
  AddReportItemBody,
  BuiltInChart,
  CreateReportBody,
  ErrorResponse,
  ProjectRef,
  Report,
  ReportId,
  ReportSeries,
  ReportSeriesQuery,
  UpdateReportBody,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { reportSeries } from '../services/observability/report-series.ts';
import * as reports from '../services/observability/reports.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const reportParams = z.object({ ref: ProjectRef, id: ReportId });
const tags = ['Reports'];

/** The built-in report's charts and the project's custom reports. */
export function reportRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/reports/series/{chart}',
        tags,
        request: { params: z.object({ ref: ProjectRef, chart: BuiltInChart }), query: ReportSeriesQuery },
        responses: { 200: json(ReportSeries, 'The chart’s buckets over the range (1h, 24h or 7d; 24h by default)'), ...ERRORS },
      }),
      async (c) => {
        const { ref, chart } = c.req.valid('param');
        return c.json(await reportSeries(ctx, ref, c.var.userId, chart, c.req.valid('query').range), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/reports',
        tags,
        request: { params: refParams },
        responses: { 200: json(z.array(Report), 'The project’s custom reports, oldest first'), ...ERRORS },
      }),
      async (c) => c.json(await reports.listReports(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/reports',
        tags,
        request: { params: refParams, ...jsonBody(CreateReportBody) },
        responses: { 201: json(Report, 'The new, empty report'), ...ERRORS },
      }),
      async (c) => c.json(await reports.createReport(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json').name), 201),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/reports/{id}',
        tags,
        request: { params: reportParams },
        responses: { 200: json(Report, 'The report'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await reports.getReport(ctx, ref, c.var.userId, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/projects/{ref}/reports/{id}',
        tags,
        request: { params: reportParams, ...jsonBody(UpdateReportBody) },
        responses: {
          200: json(Report, 'The renamed or rearranged report'),
          ...ERRORS,
          409: json(ErrorResponse, 'Another change came first'),
        },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await reports.updateReport(ctx, ref, c.var.userId, id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/projects/{ref}/reports/{id}',
        tags,
        request: { params: reportParams },
        responses: { 200: json(Report, 'The deleted report'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await reports.deleteReport(ctx, ref, c.var.userId, id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/projects/{ref}/reports/{id}/items',
        tags,
        request: { params: reportParams, ...jsonBody(AddReportItemBody) },
        responses: { 201: json(Report, 'The report with the new item last'), ...ERRORS },
      }),
      async (c) => {
        const { ref, id } = c.req.valid('param');
        return c.json(await reports.addReportItem(ctx, ref, c.var.userId, id, c.req.valid('json')), 201);
      },
    );
}
