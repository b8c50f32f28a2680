import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('keeps about three significant digits in the largest unit under 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(42.31 * 1024 ** 2)).toBe('42.3 MB');
    expect(formatBytes(0.5 * 1024 ** 3)).toBe('512 MB');
    expect(formatBytes(250 * 1024 ** 3)).toBe('250 GB');
  });
});
