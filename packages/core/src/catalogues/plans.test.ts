import { describe, expect, it } from 'vitest';
import { includedDiskGb } from '../rules/disk.ts';
import { FREE_PROJECT_LIMIT } from '../rules/pause.ts';
import { isPaidPlan, PER_PROJECT_QUOTAS, PLAN_QUOTAS, PLANS, planSummary } from './plans.ts';

describe('plans', () => {
  it('offers the four plans of the spec, free first', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name])).toEqual([
      ['free', 'Free'],
      ['pro', 'Pro'],
      ['team', 'Team'],
      ['enterprise', 'Enterprise'],
    ]);
    expect(PLANS.filter((plan) => isPaidPlan(plan.id)).map((plan) => plan.id)).toEqual(['pro', 'team', 'enterprise']);
  });

  it('describes the free plan with the limits Basin enforces', () => {
    const free = planSummary('free').includes;
    expect(free[0]).toContain(`${FREE_PROJECT_LIMIT} active projects per Owner or Administrator`);
    expect(free).toContain('No preview branches');
    expect(free).toContain('No custom domains');
    expect(free).toContain(`${includedDiskGb('free', 'gp3')} GB of General Purpose disk included per project`);
  });

  it('gives every paid plan the same features', () => {
    const pro = planSummary('pro').includes;
    expect(pro).toContain('Preview branches, with or without data');
    expect(pro).toContain(`${includedDiskGb('pro', 'gp3')} GB of General Purpose disk included per project`);
    expect(planSummary('team').includes).toEqual(pro);
    expect(planSummary('enterprise').includes).toEqual(pro);
  });

  it('includes the hosted product’s Free and Pro usage, Team and Enterprise as Pro', () => {
    const GB = 1024 ** 3;
    expect(PLAN_QUOTAS.free).toEqual({
      database_size: 0.5 * GB,
      egress: 5 * GB,
      storage_size: 1 * GB,
      function_invocations: 500_000,
      monthly_active_users: 50_000,
      compute_hours: null,
      realtime_messages: 2_000_000,
      realtime_peak_connections: 200,
    });
    expect(PLAN_QUOTAS.pro).toMatchObject({
      database_size: 8 * GB,
      egress: 250 * GB,
      storage_size: 100 * GB,
      monthly_active_users: 100_000,
      compute_hours: 744,
      realtime_messages: 5_000_000,
      realtime_peak_connections: 500,
    });
    expect(PLAN_QUOTAS.team).toEqual(PLAN_QUOTAS.pro);
    expect(PLAN_QUOTAS.enterprise).toEqual(PLAN_QUOTAS.pro);
    expect(PER_PROJECT_QUOTAS).toEqual(['database_size']);
  });
});
