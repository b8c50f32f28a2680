import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketSeconds, bucketStarts, customRangeProblem, parseRange, presetRange } from './time-range';

const at = (iso: string) => new Date(iso).getTime();

describe('time ranges', () => {
  it('ends a preset now and starts it its length before', () => {
    expect(presetRange('15m', at('2026-03-04T12:00:00.000Z'))).toEqual({
      start: '2026-03-04T11:45:00.000Z',
      end: '2026-03-04T12:00:00.000Z',
    });
    expect(presetRange('7d', at('2026-03-04T12:00:00.000Z'))).toEqual({
      start: '2026-02-25T12:00:00.000Z',
      end: '2026-03-04T12:00:00.000Z',
    });
  });

  it('reads a range from the address only when both ends are readable and in order', () => {
    expect(parseRange('2026-03-04T11:00:00Z', '2026-03-04T12:00:00+00:00')).toEqual({
      start: '2026-03-04T11:00:00.000Z',
      end: '2026-03-04T12:00:00.000Z',
    });
    expect(parseRange('2026-03-04T12:00:00Z', '2026-03-04T11:00:00Z')).toBeNull();
    expect(parseRange('yesterday', '2026-03-04T11:00:00Z')).toBeNull();
    expect(parseRange(null, '2026-03-04T11:00:00Z')).toBeNull();
  });

  it('refuses a custom range without both ends or backwards', () => {
    expect(customRangeProblem('', '2026-03-04T11:00:00Z')).toBe('Enter a start date and time');
    expect(customRangeProblem('2026-03-04T11:00:00Z', '')).toBe('Enter an end date and time');
    expect(customRangeProblem('2026-03-04T11:00:00Z', '2026-03-04T11:00:00Z')).toBe('The start must be before the end');
    expect(customRangeProblem('2026-03-04T10:00:00Z', '2026-03-04T11:00:00Z')).toBeNull();
  });

  it('chooses buckets by the range: 1 minute for 15 minutes and an hour, 30 minutes for a day, 3 hours for a week', () => {
    const end = at('2026-03-04T12:00:00.000Z');
    expect(bucketSeconds(presetRange('15m', end))).toBe(60);
    expect(bucketSeconds(presetRange('1h', end))).toBe(60);
    expect(bucketSeconds(presetRange('24h', end))).toBe(1800);
    expect(bucketSeconds(presetRange('7d', end))).toBe(10800);
    expect(bucketLabel(60)).toBe('1 minute');
    expect(bucketLabel(1800)).toBe('30 minutes');
    expect(bucketLabel(10800)).toBe('3 hours');
    expect(bucketLabel(86400)).toBe('1 day');
    expect(bucketStarts(presetRange('24h', end), 1800)).toHaveLength(48);
    expect(bucketStarts(presetRange('7d', end), 10800)).toHaveLength(56);
  });
});
