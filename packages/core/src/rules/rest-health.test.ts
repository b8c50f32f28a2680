import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../project-status.ts';
import { postgrestStatusOf } from './rest-health.ts';

describe('postgrestStatusOf', () => {
  it('is ONLINE only for a healthy project', () => {
    expect(postgrestStatusOf('ACTIVE_HEALTHY')).toBe('ONLINE');
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'ACTIVE_HEALTHY')) expect(postgrestStatusOf(status)).toBe('OFFLINE');
  });
});
