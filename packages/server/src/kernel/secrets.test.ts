import { describe, expect, it } from 'vitest';
import { SecretBox } from './secrets.ts';

describe('SecretBox', () => {
  it('opens what it sealed, and only with the same secret', () => {
    const sealed = new SecretBox('one').seal('hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(new SecretBox('one').open(sealed)).toBe('hunter2');
    expect(() => new SecretBox('two').open(sealed)).toThrow();
  });

  it('derives the same URL-safe secret for a purpose, and another for another purpose or secret', () => {
    const derived = new SecretBox('one').derive('instance-admin:abc');
    expect(derived).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new SecretBox('one').derive('instance-admin:abc')).toBe(derived);
    expect(new SecretBox('one').derive('instance-admin:abd')).not.toBe(derived);
    expect(new SecretBox('two').derive('instance-admin:abc')).not.toBe(derived);
  });
});
