/**
 * What each plan means in Basin (spec part 2 §3: plan.id free, pro, team, enterprise). Basin is
 * self-hosted and bills nothing: a plan only switches features on, read from the rules that
 * enforce them. Pro, Team and Enterprise unlock the same features.
 */
import { includedDiskGb } from '../rules/disk.ts';
import { FREE_PROJECT_LIMIT } from '../rules/pause.ts';
import { PLAN_IDS, PLAN_NAMES, type PlanId } from '../schemas/organization.ts';
import type { UsageMetricId } from '../schemas/usage.ts';

export const isPaidPlan = (plan: PlanId): boolean => plan !== 'free';

export interface PlanSummary {
  id: PlanId;
  name: string;
  /** One line per feature, in the order the billing page lists them. */
  includes: string[];
}

function includes(plan: PlanId): string[] {
  const paid = isPaidPlan(plan);
  return [
    paid ? 'Unlimited active projects' : `${FREE_PROJECT_LIMIT} active projects per Owner or Administrator; paused projects do not count`,
    paid ? 'Preview branches, with or without data' : 'No preview branches',
    paid ? 'Custom domains, served through your own reverse proxy' : 'No custom domains',
    `${includedDiskGb(plan, 'gp3')} GB of General Purpose disk included per project`,
    'Every compute size, as a compute add-on per project',
  ];
}

export const planSummary = (plan: PlanId): PlanSummary => ({ id: plan, name: PLAN_NAMES[plan], includes: includes(plan) });

/** The four plans, smallest first, as the plan panel offers them. */
export const PLANS: readonly PlanSummary[] = PLAN_IDS.map(planSummary);

const GIB = 1024 ** 3;

/**
 * The usage each plan includes in a month (the usage pages show each figure against it), with the
 * hosted product's Free and Pro numbers; Team and Enterprise include Pro's. Null: no quota. Basin
 * enforces none of them: they say how far a project is from what the plan would include.
 * database_size is per project; the others are the organization's, all its projects together.
 * Compute hours: Pro's compute credits pay for one Micro instance all month (744 hours); Free
 * projects are limited in number instead.
 */
const PRO_QUOTAS: Record<UsageMetricId, number | null> = {
  database_size: 8 * GIB,
  egress: 250 * GIB,
  storage_size: 100 * GIB,
  function_invocations: 2_000_000,
  monthly_active_users: 100_000,
  compute_hours: 744,
  realtime_messages: 5_000_000,
  realtime_peak_connections: 500,
};

export const PLAN_QUOTAS: Record<PlanId, Readonly<Record<UsageMetricId, number | null>>> = {
  free: {
    database_size: 0.5 * GIB,
    egress: 5 * GIB,
    storage_size: 1 * GIB,
    function_invocations: 500_000,
    monthly_active_users: 50_000,
    compute_hours: null,
    realtime_messages: 2_000_000,
    realtime_peak_connections: 200,
  },
  pro: PRO_QUOTAS,
  team: PRO_QUOTAS,
  enterprise: PRO_QUOTAS,
};

/** Quotas that hold for each project rather than the organization as a whole. */
export const PER_PROJECT_QUOTAS: readonly UsageMetricId[] = ['database_size'];
