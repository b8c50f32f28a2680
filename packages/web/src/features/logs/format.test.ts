import { describe, expect, it } from 'vitest';
import { cellLine, formatDay, formatEventTime, formatFullTime, isTimeValue, levelTone } from './format';

// Local times: built from parts so the test holds in any time zone.
const local = new Date(2026, 2, 4, 21, 5, 12).toISOString();

describe('log formats', () => {
  it("writes the spec's formats", () => {
    expect(formatEventTime(local)).toBe('Mar 4, 09:05:12PM');
    expect(formatFullTime(local)).toBe('Mar 4, 2026, 09:05PM');
    expect(formatDay(local)).toBe('Mar 4, 2026');
    expect(formatEventTime(new Date(2026, 0, 9, 0, 7, 3).getTime())).toBe('Jan 9, 12:07:03AM');
  });

  it('formats times in cells, JSON for objects, NULL for null', () => {
    expect(isTimeValue('timestamp', '2026-03-04T21:05:12.123456+00:00')).toBe(true);
    expect(isTimeValue('path', '/rest/v1/todos')).toBe(false);
    expect(cellLine('timestamp', local)).toBe('Mar 4, 09:05:12PM');
    expect(cellLine('metadata', { a: 1 })).toBe('{"a":1}');
    expect(cellLine('query', null)).toBe('NULL');
    expect(cellLine('status', 404)).toBe('404');
  });

  it('colours statuses and severities', () => {
    expect(levelTone('status', 500)).toBe('danger');
    expect(levelTone('status', 404)).toBe('warning');
    expect(levelTone('status', 200)).toBe('success');
    expect(levelTone('severity', 'ERROR')).toBe('danger');
    expect(levelTone('level', 'warning')).toBe('warning');
    expect(levelTone('path', 500)).toBeNull();
  });
});
