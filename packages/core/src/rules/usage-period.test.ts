import { describe, expect, it } from 'vitest';
import { billingPeriod } from './usage-period.ts';

describe('billing period', () => {
  it('is the calendar month in UTC, across a year’s end too', () => {
    expect(billingPeriod(new Date('2026-03-04T21:07:00Z'))).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
    });
    expect(billingPeriod(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
