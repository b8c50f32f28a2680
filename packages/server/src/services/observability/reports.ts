/**
 * Custom reports (`/project/{ref}/reports/{id}`): a project's named layouts of SQL charts, shared
 * by its members. Every member reads them; creating and changing them takes the permission to
 * create user_content of type sql (spec part 2 §6, as dropping an assistant card on one does).
 * The charts' SQL is not run here: the dashboard runs each item through the SQL editor's route
 * with `read_only` (as the read-only role, whoever looks), so opening a report never writes.
 */
import { DEFAULT_ITEM_LABEL, REPORT_ITEMS_MAX, REPORT_SQL_MAX_LENGTH, REPORTS_MESSAGES, reportChartConfig } from '@basin/core';
import { type AddReportItemBody, type Report, type ReportItem, type UpdateReportBody } from '@basin/core/schemas';
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import * as store from '../../store/reports.ts';
import * as snippets from '../../store/snippets.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

const toReport = (row: store.ReportRow): Report => ({
  id: row.id,
  project_ref: row.project_ref,
  name: row.name,
  items: row.items,
  inserted_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function requireReader(ctx: PlatformContext, ref: string, userId: string): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
}

async function requireEditor(ctx: PlatformContext, ref: string, userId: string): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'user_content.sql:create', REPORTS_MESSAGES.noEditPermission);
}

async function requireReport(ctx: PlatformContext, ref: string, id: string): Promise<store.ReportRow> {
  const row = await store.find(ctx.db, ref, id);
  if (!row) throw notFound('Report');
  return row;
}

/** Members editing one report at once: each change applies to the layout it read, retried on a race. */
const ATTEMPTS = 3;

async function change(
  ctx: PlatformContext,
  ref: string,
  id: string,
  next: (row: store.ReportRow) => { name?: string; items?: ReportItem[] },
): Promise<Report> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const row = await requireReport(ctx, ref, id);
    const updated = await store.update(ctx.db, ref, id, next(row), row.items);
    if (updated) return toReport(updated);
  }
  throw conflict('The report changed meanwhile: reload it and try again');
}

export async function listReports(ctx: PlatformContext, ref: string, userId: string): Promise<Report[]> {
  await requireReader(ctx, ref, userId);
  return (await store.list(ctx.db, ref)).map(toReport);
}

export async function getReport(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<Report> {
  await requireReader(ctx, ref, userId);
  return toReport(await requireReport(ctx, ref, id));
}

export async function createReport(ctx: PlatformContext, ref: string, userId: string, name: string): Promise<Report> {
  await requireEditor(ctx, ref, userId);
  return toReport(await store.insert(ctx.db, ref, name, userId));
}

/** Renames, and/or sets the layout: the report's own items in a new order, with their labels and chart configs. */
export async function updateReport(ctx: PlatformContext, ref: string, userId: string, id: string, body: UpdateReportBody): Promise<Report> {
  await requireEditor(ctx, ref, userId);
  return change(ctx, ref, id, (row) => {
    if (!body.items) return { name: body.name };
    const current = new Map(row.items.map((item) => [item.id, item]));
    const seen = new Set<string>();
    const items = body.items.map(({ id: itemId, label, chartConfig }) => {
      const item = current.get(itemId);
      if (!item || seen.has(itemId)) throw badRequest(REPORTS_MESSAGES.unknownItem(itemId));
      seen.add(itemId);
      return { ...item, label, chartConfig };
    });
    return { name: body.name, items };
  });
}

export async function deleteReport(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<Report> {
  await requireEditor(ctx, ref, userId);
  const row = await store.remove(ctx.db, ref, id);
  if (!row) throw notFound('Report');
  return toReport(row);
}

/**
 * A chart at the end of the report: inline SQL (an assistant result card) or one of the member's
 * own snippets, whose SQL is copied (others could not open the snippet).
 */
export async function addReportItem(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  id: string,
  body: AddReportItemBody,
): Promise<Report> {
  await requireEditor(ctx, ref, userId);
  let sql = body.sql;
  let label = body.label;
  if (body.snippet_id) {
    const snippet = await snippets.findForOwner(ctx.db, ref, userId, body.snippet_id);
    if (!snippet) throw notFound('Snippet');
    if (!snippet.sql.trim()) throw badRequest('The snippet has no SQL yet');
    if (snippet.sql.length > REPORT_SQL_MAX_LENGTH)
      throw badRequest(`A report item's SQL must be at most ${REPORT_SQL_MAX_LENGTH.toLocaleString('en-US')} characters`);
    sql = snippet.sql;
    label ??= snippet.name;
  }
  const item: ReportItem = {
    id: randomUUID(),
    label: label ?? DEFAULT_ITEM_LABEL,
    sql: sql!,
    snippet_id: body.snippet_id ?? null,
    chartConfig: reportChartConfig(body.chartConfig),
  };
  return change(ctx, ref, id, (row) => {
    if (row.items.length >= REPORT_ITEMS_MAX) throw badRequest(REPORTS_MESSAGES.tooManyItems(REPORT_ITEMS_MAX));
    return { items: [...row.items, item] };
  });
}
