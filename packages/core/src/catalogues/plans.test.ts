import { describe, expect, it } from 'vitest';
import { includedDiskGb } from '../rules/disk.ts';
import { FREE_PROJECT_LIMIT } from '../rules/pause.ts';
import { isPaidPlan, PLANS, planSummary } from './plans.ts';

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
});
