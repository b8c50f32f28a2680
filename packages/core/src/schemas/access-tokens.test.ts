import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_PATTERN, CreateAccessTokenBody } from './access-tokens.ts';

describe('access token schemas', () => {
  it('takes a name and an optional expiry in whole days', () => {
    expect(CreateAccessTokenBody.parse({ name: ' CI ' })).toEqual({ name: 'CI' });
    expect(CreateAccessTokenBody.parse({ name: 'CI', expires_in_days: 30 })).toEqual({ name: 'CI', expires_in_days: 30 });
    expect(CreateAccessTokenBody.parse({ name: 'CI', expires_in_days: null })).toEqual({ name: 'CI', expires_in_days: null });
  });

  it('refuses a missing name, a fractional, zero or too long expiry, and unknown fields, each with a message', () => {
    const message = (body: unknown) => CreateAccessTokenBody.safeParse(body).error?.issues[0]?.message;
    expect(message({})).toBe('Name is required');
    expect(message({ name: '  ' })).toBe('Name is required');
    expect(message({ name: 'x'.repeat(65) })).toBe('Name must be at most 64 characters');
    expect(message({ name: 'CI', expires_in_days: 1.5 })).toBe('Expiry must be a whole number of days');
    expect(message({ name: 'CI', expires_in_days: 0 })).toBe('Expiry must be at least 1 day');
    expect(message({ name: 'CI', expires_in_days: 366 })).toBe('Expiry must be at most 365 days');
    expect(CreateAccessTokenBody.safeParse({ name: 'CI', scope: 'all' }).success).toBe(false);
  });

  it('matches the shape the Supabase CLI accepts', () => {
    expect(ACCESS_TOKEN_PATTERN.test(`sbp_${'a1'.repeat(20)}`)).toBe(true);
    expect(ACCESS_TOKEN_PATTERN.test(`sbp_${'A1'.repeat(20)}`)).toBe(false);
    expect(ACCESS_TOKEN_PATTERN.test(`sbp_${'a1'.repeat(19)}`)).toBe(false);
  });
});
