import { describe, expect, it } from 'vitest';
import { storable, textProblem } from './text.ts';

describe('storable', () => {
  it('answers the value itself when Postgres can store it as it is', () => {
    const entry = { path: '/rest/v1/items', at: new Date(0), tags: ['a', 'b'], nested: { emoji: '😀' } };
    expect(storable(entry)).toBe(entry);
  });

  it('replaces NUL and lone surrogates in strings, keys and nested values with U+FFFD', () => {
    const repaired = storable({ path: '/a\u0000b', ['k\u0000']: ['\ud800x'], at: new Date(0), nested: { ok: 'fine' } });
    expect(repaired).toEqual({ path: '/a\uFFFDb', ['k\uFFFD']: ['\uFFFDx'], at: new Date(0), nested: { ok: 'fine' } });
    expect(textProblem(repaired)).toBeUndefined();
  });
});
