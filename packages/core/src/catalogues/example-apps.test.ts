import { describe, expect, it } from 'vitest';
import { EXAMPLE_APPS, EXAMPLE_APP_FRAMEWORKS, EXAMPLE_APP_TYPES, hasDarkIconVariant } from './example-apps.ts';

describe('example apps catalogue', () => {
  it('has 13 example apps', () => {
    expect(EXAMPLE_APPS).toHaveLength(13);
  });

  it('has unique titles and urls', () => {
    expect(new Set(EXAMPLE_APPS.map((app) => app.title)).size).toBe(EXAMPLE_APPS.length);
    expect(new Set(EXAMPLE_APPS.map((app) => app.url)).size).toBe(EXAMPLE_APPS.length);
  });

  it('links over https', () => {
    for (const app of EXAMPLE_APPS) expect(new URL(app.url).protocol).toBe('https:');
  });

  it('uses known frameworks and types, with a description', () => {
    for (const app of EXAMPLE_APPS) {
      expect(EXAMPLE_APP_FRAMEWORKS).toContain(app.framework);
      expect(EXAMPLE_APP_TYPES).toContain(app.type);
      expect(app.description.length).toBeGreaterThan(0);
    }
  });

  it('includes expo and nextjs, with mobile and app types', () => {
    const frameworks = new Set(EXAMPLE_APPS.map((app) => app.framework));
    expect(frameworks.has('expo')).toBe(true);
    expect(frameworks.has('nextjs')).toBe(true);
    expect(EXAMPLE_APPS.some((app) => app.type === 'mobile')).toBe(true);
    expect(EXAMPLE_APPS.some((app) => app.type === 'app')).toBe(true);
  });

  it('uses a dark icon variant for expo and nextjs only', () => {
    const dark = EXAMPLE_APP_FRAMEWORKS.filter(hasDarkIconVariant);
    expect(dark.sort()).toEqual(['expo', 'nextjs']);
  });
});
