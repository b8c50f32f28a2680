import { describe, expect, it } from 'vitest';
import { COMPUTE_SIZE_IDS } from '../rules/instance-settings.ts';
import { COMPUTE_SIZES, SMALL_COMPUTE_SIZES, computeSize, computeSizeLabel } from './compute-sizes.ts';

describe('compute sizes', () => {
  it('lists every size id once, in ladder order, as ci_<size>', () => {
    expect(COMPUTE_SIZES.map((entry) => entry.size)).toEqual([...COMPUTE_SIZE_IDS]);
    expect(computeSize('micro').id).toBe('ci_micro');
    expect(computeSize('48xlarge_high_memory').id).toBe('ci_48xlarge_high_memory');
  });

  it('carries the spec prices and baselines', () => {
    expect(computeSize('micro')).toMatchObject({ memoryGb: 1, cores: 2, hourlyUsd: 0.01344, monthlyUsd: 10, baseline: 500 });
    expect(computeSize('4xlarge')).toMatchObject({ memoryGb: 64, cores: 16, hourlyUsd: 1.32, monthlyUsd: 960, baseline: 20000 });
    expect(computeSize('24xlarge_high_memory')).toMatchObject({ memoryGb: 1536, hourlyUsd: 21.91, monthlyUsd: 16000, baseline: 120000 });
    expect(computeSize('48xlarge_optimized_cpu')).toMatchObject({ hourlyUsd: 17.8, monthlyUsd: 13000, baseline: 240000 });
  });

  it('keeps 8xlarge and above off Fly', () => {
    expect(computeSize('4xlarge').availableOnFly).toBe(true);
    expect(computeSize('8xlarge').availableOnFly).toBe(false);
    expect(computeSize('48xlarge').availableOnFly).toBe(false);
  });

  it('names the small sizes', () => {
    expect(SMALL_COMPUTE_SIZES).toEqual(['nano', 'micro', 'small', 'medium']);
  });

  it('labels memory and cpu', () => {
    expect(computeSizeLabel(computeSize('xlarge'))).toBe('16 GB memory / 4-core CPU');
    expect(computeSizeLabel(computeSize('nano'))).toBe('0.5 GB memory / Shared CPU');
  });
});
