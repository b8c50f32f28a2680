import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_APP_FRAMEWORKS } from '@basin/core';
import { ExampleProjectsSection } from './examples-sections';

describe('example project cards', () => {
  it("show each framework's logo, not a letter tile", () => {
    render(<ExampleProjectsSection />);
    const link = screen.getAllByRole('link', { name: /Next\.js/ })[0]!;
    const mark = link.querySelector('[data-framework="nextjs"]')!;
    expect(mark.querySelector('svg title')?.textContent).toBe('Next.js');
    expect(mark.querySelector('svg path')?.getAttribute('d')).toMatch(/^M/);
    for (const framework of EXAMPLE_APP_FRAMEWORKS) {
      const icon = document.querySelector(`[data-framework="${framework}"]`);
      expect(icon?.querySelector('svg path')?.getAttribute('d'), framework).toBeTruthy();
    }
  });

  it('draws near-black logos (Next.js, Expo, Angular) in the text colour, so the dark theme shows them', () => {
    render(<ExampleProjectsSection />);
    const fill = (framework: string) => document.querySelector(`[data-framework="${framework}"] svg`)?.getAttribute('fill');
    expect([fill('nextjs'), fill('expo'), fill('angular')]).toEqual(['currentColor', 'currentColor', 'currentColor']);
    expect(fill('react')).toBe('#61DAFB');
  });
});
