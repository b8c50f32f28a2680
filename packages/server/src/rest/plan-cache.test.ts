import { describe, expect, it } from 'vitest';
import { rememberedPlan } from './plan-cache.ts';
import type { SchemaCache } from './types.ts';

const aCache = () => ({ schemas: ['public'] }) as unknown as SchemaCache;

describe('rememberedPlan', () => {
  it('plans a read once per key and schema cache', () => {
    const cache = aCache();
    let made = 0;
    const plan = () => ({ sql: `select ${++made}` });
    const first = rememberedPlan(cache, 'GET /notes', plan);
    expect(rememberedPlan(cache, 'GET /notes', plan)).toBe(first);
    expect(rememberedPlan(cache, 'GET /notes?id=eq.1', plan)).not.toBe(first);
    // A reloaded schema cache is another object: nothing planned on the old one is used.
    expect(rememberedPlan(aCache(), 'GET /notes', plan)).toEqual({ sql: 'select 3' });
  });

  it('keeps nothing a plan threw on', () => {
    const cache = aCache();
    expect(() =>
      rememberedPlan(cache, 'GET /gone', () => {
        throw new Error('no such table');
      }),
    ).toThrow('no such table');
    expect(rememberedPlan(cache, 'GET /gone', () => 'planned')).toBe('planned');
  });

  it('forgets the oldest plan past a thousand', () => {
    const cache = aCache();
    for (let i = 0; i < 1001; i++) rememberedPlan(cache, `GET /t${i}`, () => i);
    expect(rememberedPlan(cache, 'GET /t0', () => 'again')).toBe('again');
    expect(rememberedPlan(cache, 'GET /t1000', () => 'again')).toBe(1000);
  });
});
