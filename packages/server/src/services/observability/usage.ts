/**
 * The usage pages (`/platform/projects/{ref}/usage`, `/platform/organizations/{slug}/usage`): each
 * figure of the billing period (the calendar month, UTC) against the plan's quota, from real
 * counters only:
 * - database and storage size: measured now on a running project (disk-usage.ts), else its last
 *   resource sample;
 * - egress, function invocations: the gateway's and the functions' request logs, through the daily
 *   sums that outlive the logs (store/usage-rollups.ts); egress is the bytes the project API sent;
 * - monthly active users: users whose last sign-in is in this month (auth.users, read as the auth
 *   login), on a running project;
 * - compute hours: the time spent ACTIVE_HEALTHY this month (project_status_changes).
 */
import { PER_PROJECT_QUOTAS, PLAN_QUOTAS, billingPeriod, type BillingPeriod } from '@basin/core';
import {
  USAGE_METRICS,
  type OrganizationUsage,
  type PlanId,
  type ProjectUsage,
  type UsageMetric,
  type UsageMetricId,
} from '@basin/core/schemas';
import { queryAuth } from '../../gotrue/db.ts';
import * as organizations from '../../store/organizations.ts';
import * as statusHistory from '../../store/project-status-history.ts';
import * as projects from '../../store/projects.ts';
import type { ProjectRow } from '../../store/projects.ts';
import * as history from '../../store/resource-history.ts';
import * as realtimeUsage from '../../store/realtime-usage.ts';
import { requestUsageSince } from '../../store/usage-rollups.ts';
import { notFound } from '../../kernel/errors.ts';
import { requireOrganization, requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { measureAndEnforce } from '../infrastructure/disk-usage.ts';

type Figures = Record<UsageMetricId, number | null>;

const UNITS: Record<UsageMetricId, UsageMetric['unit']> = {
  database_size: 'bytes',
  egress: 'bytes',
  storage_size: 'bytes',
  function_invocations: 'count',
  monthly_active_users: 'count',
  compute_hours: 'hours',
  realtime_messages: 'count',
  realtime_peak_connections: 'count',
};

const isRunning = (row: ProjectRow) => row.status === 'ACTIVE_HEALTHY' && row.port !== null;

/** Database and stored files now when it runs, else as last sampled; null when never measured. */
async function sizes(ctx: PlatformContext, row: ProjectRow): Promise<{ database: number | null; storage: number | null }> {
  if (isRunning(row)) {
    const measured = await measureAndEnforce(ctx, row).catch((err: unknown) => {
      ctx.logger.warn({ err, ref: row.ref }, 'usage: disk not measured');
      return undefined;
    });
    if (measured) return { database: measured.databaseBytes, storage: measured.storageBytes };
  }
  const last = await history.latest(ctx.db, row.id);
  return { database: last?.database_bytes ?? last?.disk_used_bytes ?? null, storage: last?.storage_bytes ?? null };
}

async function monthlyActiveUsers(ctx: PlatformContext, row: ProjectRow, period: BillingPeriod): Promise<number | null> {
  if (!isRunning(row)) return null;
  try {
    const [count] = await queryAuth<{ users: number }>(
      ctx,
      row,
      'select count(*)::int as users from auth.users where last_sign_in_at >= $1',
      [period.start],
    );
    return count?.users ?? 0;
  } catch (err) {
    ctx.logger.warn({ err, ref: row.ref }, 'usage: monthly active users not counted');
    return null;
  }
}

/** Each project's figures of the period. */
async function measure(ctx: PlatformContext, rows: ProjectRow[], period: BillingPeriod): Promise<Map<string, Figures>> {
  const since = period.start.toISOString().slice(0, 10);
  const refs = rows.map((row) => row.ref);
  const [requests, hours, realtime] = await Promise.all([
    requestUsageSince(
      ctx.db,
      rows.map((row) => row.ref),
      since,
    ),
    statusHistory.activeHoursSince(
      ctx.db,
      rows.map((row) => row.id),
      period.start,
    ),
    realtimeUsage.since(ctx.db, refs, since),
  ]);
  const figures = new Map<string, Figures>();
  for (const row of rows) {
    const [size, users] = await Promise.all([sizes(ctx, row), monthlyActiveUsers(ctx, row, period)]);
    const served = requests.get(row.ref);
    figures.set(row.ref, {
      database_size: size.database,
      egress: served?.egressBytes ?? 0,
      storage_size: size.storage,
      function_invocations: served?.functionInvocations ?? 0,
      monthly_active_users: users,
      compute_hours: hours.get(row.id) ?? 0,
      realtime_messages: realtime.get(row.ref)?.messages ?? 0,
      realtime_peak_connections: realtime.get(row.ref)?.peakConnections ?? 0,
    });
  }
  return figures;
}

function metrics(figures: Figures, plan: PlanId, projectCount: number): UsageMetric[] {
  return USAGE_METRICS.map((metric) => {
    const quota = PLAN_QUOTAS[plan][metric];
    return {
      metric,
      unit: UNITS[metric],
      usage: figures[metric],
      quota: quota !== null && PER_PROJECT_QUOTAS.includes(metric) ? quota * Math.max(projectCount, 1) : quota,
    };
  });
}

function projectUsageOf(row: ProjectRow, figures: Figures, plan: PlanId, period: BillingPeriod): ProjectUsage {
  return {
    project_ref: row.ref,
    project_name: row.name,
    plan,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    metrics: metrics(figures, plan, 1),
  };
}

export async function projectUsage(ctx: PlatformContext, ref: string, userId: string): Promise<ProjectUsage> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  const organization = await organizations.findForUser(ctx.db, project.organization_slug, userId);
  if (!organization) throw notFound('Project');
  const period = billingPeriod(new Date());
  const figures = (await measure(ctx, [project], period)).get(ref)!;
  return projectUsageOf(project, figures, organization.plan_id, period);
}

/** A sum that stays null only when no project could say. */
function sum(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : values.length ? null : 0;
}

export async function organizationUsage(ctx: PlatformContext, slug: string, userId: string): Promise<OrganizationUsage> {
  const organization = await requireOrganization(ctx.db, slug, userId);
  requirePermission(organization.role, 'organizations:read');
  const rows = await projects.listByOrganization(ctx.db, organization.id);
  const period = billingPeriod(new Date());
  const figures = await measure(ctx, rows, period);
  const plan = organization.plan_id;
  const total = Object.fromEntries(
    USAGE_METRICS.map((metric) => [metric, sum(rows.map((row) => figures.get(row.ref)![metric]))]),
  ) as Figures;
  return {
    slug,
    plan,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    metrics: metrics(total, plan, rows.length),
    projects: rows.map((row) => projectUsageOf(row, figures.get(row.ref)!, plan, period)),
  };
}
