import { z } from 'zod';
import { PlanId } from './organization.ts';

/** What the usage pages measure, each against the plan's quota (catalogues/plans.ts PLAN_QUOTAS). */
export const USAGE_METRICS = [
  'database_size',
  'egress',
  'storage_size',
  'function_invocations',
  'monthly_active_users',
  'compute_hours',
  'realtime_messages',
  'realtime_peak_connections',
] as const;
export const UsageMetricId = z.enum(USAGE_METRICS);
export type UsageMetricId = z.infer<typeof UsageMetricId>;

export const UsageMetric = z
  .object({
    metric: UsageMetricId,
    unit: z.enum(['bytes', 'count', 'hours']),
    /** Null when it cannot be measured now (e.g. MAU of a paused project). */
    usage: z.number().nullable(),
    /** Null when the plan sets none. database_size is per project: an organization's is per project times its projects. */
    quota: z.number().nullable(),
  })
  .meta({ id: 'UsageMetric' });
export type UsageMetric = z.infer<typeof UsageMetric>;

/**
 * One project's usage in the billing period (the calendar month, UTC). Sizes are as measured now
 * (the last sample's when the project is not running); counts and hours since the period began.
 */
export const ProjectUsage = z
  .object({
    project_ref: z.string(),
    project_name: z.string(),
    plan: PlanId,
    period_start: z.string(),
    period_end: z.string(),
    metrics: z.array(UsageMetric),
  })
  .meta({ id: 'ProjectUsage' });
export type ProjectUsage = z.infer<typeof ProjectUsage>;

/** The organization's usage: its projects' figures summed, and each project's. */
export const OrganizationUsage = z
  .object({
    slug: z.string(),
    plan: PlanId,
    period_start: z.string(),
    period_end: z.string(),
    metrics: z.array(UsageMetric),
    projects: z.array(ProjectUsage),
  })
  .meta({ id: 'OrganizationUsage' });
export type OrganizationUsage = z.infer<typeof OrganizationUsage>;
