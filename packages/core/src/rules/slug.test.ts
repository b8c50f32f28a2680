import { describe, expect, it } from 'vitest';
import { orgSlugOrFallback, slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it('lower-cases words and joins them with hyphens', () => {
    expect(slugify('Acme Corp')).toBe('acme-corp');
    expect(slugify('acme2 Labs 42')).toBe('acme2-labs-42');
  });

  it('drops accents instead of the letters that carry them', () => {
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('ÅNGSTRÖM Ltd.')).toBe('angstrom-ltd');
  });

  it('folds compatibility characters such as ligatures', () => {
    expect(slugify('ﬁsh')).toBe('fish');
  });

  it('turns each run of punctuation and spaces into one hyphen, none at either end', () => {
    expect(slugify('  Hello,   World!! ')).toBe('hello-world');
    expect(slugify('a__b--c..d')).toBe('a-b-c-d');
    expect(slugify('-acme-')).toBe('acme');
  });

  it("falls back to 'org' when nothing usable is left", () => {
    expect(slugify('')).toBe('org');
    expect(slugify('   ')).toBe('org');
    expect(slugify('---!!!')).toBe('org');
    expect(slugify('東京')).toBe('org');
  });

  it('keeps at most 40 characters', () => {
    expect(slugify('x'.repeat(50))).toBe('x'.repeat(40));
    expect(slugify('x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('never ends in a hyphen after cutting', () => {
    // The 40th character is the hyphen between the two words.
    expect(slugify(`${'a'.repeat(39)} bcd`)).toBe('a'.repeat(39));
  });

  it('only makes characters an organization slug allows', () => {
    for (const name of ['Café Crème', 'Ærø Straße', 'ﬁsh & chips', '🙂 smile', 'a/b\\c?d#e', 'x'.repeat(80)]) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('uniqueSlug', () => {
  it('is the plain slug when it is free', () => {
    expect(uniqueSlug('Acme Corp', () => false)).toBe('acme-corp');
  });

  it('adds -2, -3, ... until the slug is free', () => {
    const taken = new Set(['acme', 'acme-2', 'acme-3']);
    expect(uniqueSlug('Acme', (slug) => taken.has(slug))).toBe('acme-4');
    expect(uniqueSlug('Acme', (slug) => slug === 'acme')).toBe('acme-2');
  });

  it("suffixes the 'org' fallback like any other slug", () => {
    expect(uniqueSlug('!!!', (slug) => slug === 'org')).toBe('org-2');
  });

  it('asks about each candidate in order', () => {
    const asked: string[] = [];
    uniqueSlug('Acme', (slug) => {
      asked.push(slug);
      return asked.length < 3;
    });
    expect(asked).toEqual(['acme', 'acme-2', 'acme-3']);
  });
});

describe('orgSlugOrFallback', () => {
  it('keeps a known slug', () => {
    expect(orgSlugOrFallback('acme')).toBe('acme');
  });

  it("is '_' when the slug is unknown", () => {
    expect(orgSlugOrFallback(undefined)).toBe('_');
    expect(orgSlugOrFallback(null)).toBe('_');
    expect(orgSlugOrFallback('')).toBe('_');
  });
});
