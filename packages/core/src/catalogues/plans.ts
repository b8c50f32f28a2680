/**
 * What each plan means in Basin (spec part 2 §3: plan.id free, pro, team, enterprise). Basin is
 * self-hosted and bills nothing: a plan only switches features on, read from the rules that
 * enforce them. Pro, Team and Enterprise unlock the same features.
 */
import { includedDiskGb } from '../rules/disk.ts';
import { FREE_PROJECT_LIMIT } from '../rules/pause.ts';
import { PLAN_IDS, PLAN_NAMES, type PlanId } from '../schemas/organization.ts';

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
    paid
      ? 'Unlimited active projects'
      : `${FREE_PROJECT_LIMIT} active projects per Owner or Administrator; paused projects do not count`,
    paid ? 'Preview branches, with or without data' : 'No preview branches',
    paid ? 'Custom domains, served through your own reverse proxy' : 'No custom domains',
    `${includedDiskGb(plan, 'gp3')} GB of General Purpose disk included per project`,
    'Every compute size, as a compute add-on per project',
  ];
}

export const planSummary = (plan: PlanId): PlanSummary => ({ id: plan, name: PLAN_NAMES[plan], includes: includes(plan) });

/** The four plans, smallest first, as the plan panel offers them. */
export const PLANS: readonly PlanSummary[] = PLAN_IDS.map(planSummary);
