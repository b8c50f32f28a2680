import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../project-status.ts';
import { countsTowardFreeProjectLimit } from './free-project-limit.ts';

describe('free project limit', () => {
  it('counts every project that runs an instance, and none that is paused, failed or going away', () => {
    const counted = PROJECT_STATUSES.filter(countsTowardFreeProjectLimit);
    expect(counted).toContain('ACTIVE_HEALTHY');
    expect(counted).toContain('COMING_UP');
    expect(counted).toContain('RESTORING');
    for (const status of ['INACTIVE', 'INIT_FAILED', 'RESTORE_FAILED', 'GOING_DOWN'] as const) {
      expect(countsTowardFreeProjectLimit(status)).toBe(false);
    }
  });
});
