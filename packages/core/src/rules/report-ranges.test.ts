import { describe, expect, it } from 'vitest';
import { REPORT_RANGES } from './report-ranges.ts';
import { reportWindow } from './report-ranges.ts';

describe('report windows', () => {
  it('ends with the bucket now falls in and covers the range in whole buckets', () => {
    const now = Date.UTC(2026, 2, 4, 21, 7, 30);
    expect(reportWindow('1h', now)).toEqual({
      start: Date.UTC(2026, 2, 4, 20, 8),
      end: Date.UTC(2026, 2, 4, 21, 8),
      intervalSeconds: 60,
      buckets: 60,
    });
    expect(reportWindow('24h', now)).toEqual({
      start: Date.UTC(2026, 2, 3, 21, 15),
      end: Date.UTC(2026, 2, 4, 21, 15),
      intervalSeconds: 900,
      buckets: 96,
    });
    expect(reportWindow('7d', now)).toEqual({
      start: Date.UTC(2026, 1, 25, 22),
      end: Date.UTC(2026, 2, 4, 22),
      intervalSeconds: 7200,
      buckets: 84,
    });
  });

  it('keeps between 60 and 100 buckets for every range', () => {
    for (const range of REPORT_RANGES) {
      const { buckets, start, end, intervalSeconds } = reportWindow(range, Date.now());
      expect(buckets).toBeGreaterThanOrEqual(60);
      expect(buckets).toBeLessThanOrEqual(100);
      expect((end - start) / 1000 / intervalSeconds).toBe(buckets);
    }
  });
});
