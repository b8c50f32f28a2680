import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, requireIdentifier } from './messages.ts';

describe('MESSAGES', () => {
  it('builds the messages that take a value', () => {
    expect(MESSAGES.notFound('Project')).toBe('Project not found');
    expect(MESSAGES.projectCreateFailed('port in use')).toBe('The project could not be started: port in use');
  });

  it('keeps the spec strings the tests and the dashboard rely on', () => {
    expect(MESSAGES.genericError).toBe('Something went wrong');
    expect(MESSAGES.signInFailed).toBe('Invalid email or password');
    expect(MESSAGES.notSignedIn).toBe('You need to sign in first');
    expect(MESSAGES.roleNotAllowed).toBe('Only Owners can give, change or remove the Owner role');
    expect(MESSAGES.postgresVersionPlaceholder).toBe('Select a Postgres version for your project');
    expect(MESSAGES.welcome).toBe('Welcome to your project');
  });
});

describe('requireIdentifier', () => {
  it.each(['Project ref', 'projectRef', 'slug', 'orgSlug', 'organizationId'] as const)(
    "throws '%s is required' when the value is missing",
    (name) => {
      const message = `${name} is required`;
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(() => requireIdentifier(undefined, name)).toThrow(new Error(message));
      expect(() => requireIdentifier(null, name)).toThrow(new Error(message));
      expect(() => requireIdentifier('', name)).toThrow(new Error(message));
      expect(logged.mock.calls).toEqual([[message], [message], [message]]);
      logged.mockRestore();
    },
  );

  it("says 'Project ref is required' for a missing project ref", () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    expect(() => requireIdentifier(undefined, 'Project ref')).toThrow('Project ref is required');
  });

  it('passes present values through unchanged', () => {
    expect(requireIdentifier('abcdefghijklmnopqrst', 'Project ref')).toBe('abcdefghijklmnopqrst');
    expect(requireIdentifier('acme', 'slug')).toBe('acme');
    expect(requireIdentifier(42, 'organizationId')).toBe(42);
  });

  it('treats 0 and a blank string as values, only undefined, null and empty as missing', () => {
    expect(requireIdentifier(0, 'organizationId')).toBe(0);
    expect(requireIdentifier(' ', 'slug')).toBe(' ');
  });
});
