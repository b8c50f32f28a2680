import { describe, expect, it } from 'vitest';
import { computeSize } from '../catalogues/compute-sizes.ts';
import { HOURS_PER_MONTH, monthlyComputeEstimateUsd, totalMonthlyComputeEstimateUsd } from './compute-estimate.ts';

describe('monthly compute estimate', () => {
  it('is the hourly price of the size for 730 hours', () => {
    expect(HOURS_PER_MONTH).toBe(730);
    expect(monthlyComputeEstimateUsd('micro')).toBeCloseTo(0.01344 * 730, 10);
    expect(monthlyComputeEstimateUsd('nano')).toBe(0);
  });

  it('sums every project on its own size', () => {
    const expected = (computeSize('micro').hourlyUsd * 2 + computeSize('large').hourlyUsd) * 730;
    expect(totalMonthlyComputeEstimateUsd(['micro', 'large', 'micro'])).toBeCloseTo(expected, 10);
    expect(totalMonthlyComputeEstimateUsd([])).toBe(0);
  });

  it('refuses a size outside the catalogue', () => {
    expect(() => monthlyComputeEstimateUsd('huge')).toThrow('unknown compute size: huge');
  });
});
