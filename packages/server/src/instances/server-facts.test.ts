import { describe, expect, it } from 'vitest';
import { isOlderMinor } from './server-facts.ts';

describe('isOlderMinor', () => {
  it('compares minors of the same major only', () => {
    expect(isOlderMinor(170009, '17.10.0')).toBe(true);
    expect(isOlderMinor(170010, '17.10.0')).toBe(false);
    expect(isOlderMinor(150018, '17.10.0')).toBe(false);
    expect(isOlderMinor(150017, '15.18.0')).toBe(true);
  });
});
