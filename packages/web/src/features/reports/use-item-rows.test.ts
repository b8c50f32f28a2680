import { describe, expect, it } from 'vitest';
import { isReadOnlyFailure } from './use-item-rows';

describe('report item runs', () => {
  it('tell a write by its failure', () => {
    expect(isReadOnlyFailure('cannot execute INSERT in a read-only transaction')).toBe(true);
    expect(isReadOnlyFailure('permission denied for table notes')).toBe(true);
    expect(isReadOnlyFailure('relation "notes" does not exist')).toBe(false);
  });
});
