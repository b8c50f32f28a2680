import { describe, expect, it } from 'vitest';
import { CLIENT_LIBRARIES, clientLibraryBadge } from './client-libraries.ts';

describe('client libraries catalogue', () => {
  it('has unique languages', () => {
    expect(CLIENT_LIBRARIES.length).toBeGreaterThan(0);
    expect(new Set(CLIENT_LIBRARIES.map((lib) => lib.language)).size).toBe(CLIENT_LIBRARIES.length);
  });

  it('links docs and GitHub over https', () => {
    for (const lib of CLIENT_LIBRARIES) {
      expect(new URL(lib.docsUrl).protocol).toBe('https:');
      expect(new URL(lib.githubUrl).protocol).toBe('https:');
      expect(new URL(lib.githubUrl).hostname).toBe('github.com');
    }
  });

  it('has official and community libraries, JavaScript official', () => {
    expect(CLIENT_LIBRARIES.find((lib) => lib.language === 'JavaScript')?.official).toBe(true);
    expect(CLIENT_LIBRARIES.some((lib) => !lib.official)).toBe(true);
  });

  it("shows a 'Community' badge only on unofficial libraries", () => {
    expect(clientLibraryBadge({ official: false })).toBe('Community');
    expect(clientLibraryBadge({ official: true })).toBeNull();
  });
});
