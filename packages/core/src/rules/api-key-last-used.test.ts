import { describe, expect, it } from 'vitest';
import { keyLastUsedHint, keyLastUsedRange, keyLastUsedSql, keySignaturePrefix, keysLastUsedFromRows } from './api-key-last-used.ts';

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

describe('the last-used log query', () => {
  it('takes the first 8 characters of a JWT signature, and nothing of other keys', () => {
    expect(keySignaturePrefix('aaa.bbb.0123456789abc')).toBe('01234567');
    expect(keySignaturePrefix('aaa.bbb.short')).toBeNull();
    expect(keySignaturePrefix('not-a-jwt')).toBeNull();
  });

  it('asks for the newest use of each prefix, quoting them as literals', () => {
    expect(keyLastUsedSql(['abc', "o'k"])).toContain("where key_signature_prefix in ('abc', 'o''k')");
    expect(keyLastUsedSql([])).toContain('in (null)');
  });

  it('covers the 24 hours before now', () => {
    expect(keyLastUsedRange(NOW)).toEqual({
      iso_timestamp_start: '2026-03-03T12:00:00.000Z',
      iso_timestamp_end: '2026-03-04T12:00:00.000Z',
    });
  });

  it('maps the rows back to the keys, null for a key without a row', () => {
    const rows = [{ key_signature_prefix: 'aaaaaaaa', last_used_at: '2026-03-04T11:00:00.5+00:00' }];
    expect(
      keysLastUsedFromRows(
        [
          { role: 'anon', prefix: 'aaaaaaaa' },
          { role: 'service_role', prefix: 'bbbbbbbb' },
          { role: 'other', prefix: null },
        ],
        rows,
      ),
    ).toEqual([
      { role: 'anon', last_used_at: '2026-03-04T11:00:00.500Z' },
      { role: 'service_role', last_used_at: null },
      { role: 'other', last_used_at: null },
    ]);
  });
});
