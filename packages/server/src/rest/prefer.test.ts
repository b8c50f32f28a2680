import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parsePrefer, parseRange } from './prefer.ts';
import type { Preferences } from './types.ts';

function failure(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('parsePrefer', () => {
  it.each<[string | null, Preferences]>([
    [null, {}],
    ['', {}],
    [' , ,', {}],
    ['return=representation', { return: 'representation' }],
    ['return=minimal', { return: 'minimal' }],
    ['return=headers-only', { return: 'headers-only' }],
    ['count=exact', { count: 'exact' }],
    ['count=planned', { count: 'planned' }],
    ['count=estimated', { count: 'estimated' }],
    ['resolution=merge-duplicates', { resolution: 'merge-duplicates' }],
    ['resolution=ignore-duplicates', { resolution: 'ignore-duplicates' }],
    ['missing=default', { missing: 'default' }],
    ['missing=null', { missing: 'null' }],
    ['tx=rollback', { tx: 'rollback' }],
    ['tx=commit', { tx: 'commit' }],
    ['handling=lenient', { handling: 'lenient' }],
    ['handling=strict', { handling: 'strict' }],
    ['max-affected=0', { maxAffected: 0 }],
    ['max-affected=99999999999999999999', { maxAffected: Number.MAX_SAFE_INTEGER }],
    // What postgrest-js 2.119.1 sends: .insert(…, { count, defaultToNull: false }).select(), .upsert(…, { ignoreDuplicates }),
    // .maxAffected(5), .rollback(), .rpc(…, { head: true, count }) with an object argument.
    ['count=exact, missing=default, return=representation', { count: 'exact', missing: 'default', return: 'representation' }],
    ['resolution=ignore-duplicates', { resolution: 'ignore-duplicates' }],
    ['handling=strict, max-affected=5', { handling: 'strict', maxAffected: 5 }],
    ['count=exact,return=minimal', { count: 'exact', return: 'minimal' }],
    // PostgREST's own examples: spaces anywhere between tokens; the first of a repeated preference wins.
    [
      'count=exact,    tx=commit   ,return=representation , missing=default, handling=lenient, anything',
      { count: 'exact', tx: 'commit', return: 'representation', missing: 'default', handling: 'lenient' },
    ],
    ['tx=commit, tx=rollback', { tx: 'commit' }],
    [
      'resolution=ignore-duplicates, resolution=merge-duplicates, max-affected=1, max-affected=2',
      { resolution: 'ignore-duplicates', maxAffected: 1 },
    ],
    // Unknown or malformed ones are ignored without handling=strict.
    ['handling=lenient, foo, bar', { handling: 'lenient' }],
    ['timezone=America/Los_Angeles, params=single-object, timezone=UTC', { timezone: 'America/Los_Angeles' }],
    ['return=bogus, RETURN=minimal, count = exact, return=, =minimal, max-affected=-1, max-affected=x', {}],
  ])('Prefer: %s', (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });

  it.each([
    ['handling=strict, foo, bar', 'Invalid preferences: foo, bar'],
    ['foo, handling=strict', 'Invalid preferences: foo'],
    ['handling=strict, max-affected=abc, return=everything', 'Invalid preferences: max-affected=abc, return=everything'],
    ['handling=strict, timezone=UTC, timezone=', 'Invalid preferences: timezone='],
    ['handling=strict,handling=lenient,x', 'Invalid preferences: x'],
  ])('Prefer: %s is PGRST122', (header, details) => {
    const error = failure(() => parsePrefer(header));
    expect(error.status).toBe(400);
    expect(error.body()).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details, hint: null });
  });

  it('stays lenient when handling=lenient came first', () => {
    expect(parsePrefer('handling=lenient, handling=strict, foo')).toEqual({ handling: 'lenient' });
  });
});

describe('parseRange', () => {
  it.each<[string | null, ReturnType<typeof parseRange>]>([
    [null, undefined],
    ['', undefined],
    ['  ', undefined],
    ['0-9', { offset: 0, limit: 10 }],
    ['0-0', { offset: 0, limit: 1 }],
    ['10-', { offset: 10 }],
    ['10-19', { offset: 10, limit: 10 }],
    ['items=0-24', { offset: 0, limit: 25 }],
    ['Items=5-', { offset: 5 }],
    [' 3-4 ', { offset: 3, limit: 2 }],
    ['0-99999999999999999999', { offset: 0, limit: Number.MAX_SAFE_INTEGER }],
    ['99999999999999999999-', { offset: Number.MAX_SAFE_INTEGER }],
  ])('Range: %s', (header, expected) => {
    expect(parseRange(header)).toEqual(expected);
  });

  it('answers an empty range as PostgREST does (416 PGRST103)', () => {
    const error = failure(() => parseRange('5-2'));
    expect(error.status).toBe(416);
    expect(error.body()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    });
  });

  it.each(['abc', '-5', '5', '0-9,20-29', 'bytes=0-9', 'items=', '1.5-2', '0 - 9', '0-9-', 'items=items=0-1', '\u0000'])(
    'refuses Range: %j (416 PGRST103)',
    (header) => {
      const error = failure(() => parseRange(header));
      expect(error.status).toBe(416);
      expect(error.code).toBe('PGRST103');
      expect(error.message).toBe('Requested range not satisfiable');
    },
  );
});
