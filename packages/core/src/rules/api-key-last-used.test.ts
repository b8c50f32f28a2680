import { describe, expect, it } from 'vitest';
import { keyLastUsedHint } from './api-key-last-used.ts';

const NOW = new Date('2026-03-04T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('keyLastUsedHint', () => {
  it.each([
    [ago(10_000), 'Last used less than a minute ago'],
    [ago(-5_000), 'Last used less than a minute ago'], // a clock a little ahead of ours
    [ago(MINUTE), 'Last used 1 minute ago'],
    [ago(3 * MINUTE + 59_000), 'Last used 3 minutes ago'],
    [ago(HOUR), 'Last used 1 hour ago'],
    [ago(23 * HOUR + 59 * MINUTE), 'Last used 23 hours ago'],
    [ago(24 * HOUR), 'Not used in the last 24 hours'],
    [null, 'Not used in the last 24 hours'],
    ['not a date', 'Not used in the last 24 hours'],
  ])('%s → %s', (lastUsedAt, hint) => {
    expect(keyLastUsedHint(lastUsedAt, NOW)).toBe(hint);
  });
});
