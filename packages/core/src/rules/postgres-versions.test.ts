import { describe, expect, it } from 'vitest';
import {
  canQueryAvailableVersions,
  defaultVersion,
  fromFormValue,
  isOrioleDb,
  sortVersionsDescending,
  toFormValue,
  versionOption,
  type PostgresVersionOption,
  type ReleaseChannel,
} from './postgres-versions.ts';

const option = (version: string, postgres_engine: string, release_channel: ReleaseChannel = 'ga'): PostgresVersionOption => ({
  version: `supabase-postgres-${version}`,
  postgres_engine,
  release_channel,
});

const versions = (options: readonly { version: string }[]) => options.map((o) => o.version);

describe('versionOption', () => {
  it('makes a ga option named after the server version', () => {
    expect(versionOption('17', '17.10.0')).toEqual({
      version: 'supabase-postgres-17.10.0',
      postgres_engine: '17',
      release_channel: 'ga',
    });
  });
});

describe('sortVersionsDescending', () => {
  it('compares parts as numbers, not as text', () => {
    const sorted = sortVersionsDescending([option('15.18.0', '15'), option('17.9.2', '17'), option('17.10.0', '17')]);
    expect(versions(sorted)).toEqual(['supabase-postgres-17.10.0', 'supabase-postgres-17.9.2', 'supabase-postgres-15.18.0']);
  });

  it('compares every part, including a fourth and multi-digit ones', () => {
    const sorted = sortVersionsDescending([option('17.4.1.009', '17'), option('17.4.1.045', '17'), option('17.4.1.10', '17')]);
    expect(versions(sorted)).toEqual(['supabase-postgres-17.4.1.045', 'supabase-postgres-17.4.1.10', 'supabase-postgres-17.4.1.009']);
  });

  it('puts a longer version above its prefix', () => {
    expect(versions(sortVersionsDescending([option('17.4', '17'), option('17.4.1', '17')]))).toEqual([
      'supabase-postgres-17.4.1',
      'supabase-postgres-17.4',
    ]);
  });

  it('reads parts split by hyphens and ignores words', () => {
    const sorted = sortVersionsDescending([option('17.4.1-orioledb', '17-oriole'), option('17.5.0', '17')]);
    expect(versions(sorted)).toEqual(['supabase-postgres-17.5.0', 'supabase-postgres-17.4.1-orioledb']);
  });

  it('leaves its input alone and keeps extra fields', () => {
    const input = [option('15.18.0', '15'), option('17.10.0', '17')];
    const sorted = sortVersionsDescending(input);
    expect(versions(input)).toEqual(['supabase-postgres-15.18.0', 'supabase-postgres-17.10.0']);
    expect(sorted[0]).toBe(input[1]);
  });

  it('keeps an empty list empty', () => {
    expect(sortVersionsDescending([])).toEqual([]);
  });
});

describe('defaultVersion', () => {
  it('is the newest ga version', () => {
    const chosen = defaultVersion([option('15.18.0', '15'), option('17.10.0', '17'), option('17.9.2', '17')]);
    expect(chosen?.version).toBe('supabase-postgres-17.10.0');
  });

  it('skips newer beta and preview versions', () => {
    const chosen = defaultVersion([option('18.1.0', '18', 'preview'), option('17.10.0', '17', 'beta'), option('15.18.0', '15', 'ga')]);
    expect(chosen?.version).toBe('supabase-postgres-15.18.0');
  });

  it('is the newest version when none is ga', () => {
    const chosen = defaultVersion([option('17.10.0', '17', 'beta'), option('18.1.0', '18', 'preview')]);
    expect(chosen?.version).toBe('supabase-postgres-18.1.0');
  });

  it('is undefined without options', () => {
    expect(defaultVersion([])).toBeUndefined();
  });
});

describe('form values', () => {
  it("are 'engine|channel'", () => {
    expect(toFormValue({ postgres_engine: '17', release_channel: 'ga' })).toBe('17|ga');
    expect(toFormValue({ postgres_engine: '17-oriole', release_channel: 'preview' })).toBe('17-oriole|preview');
  });

  it.each([
    ['17', 'ga'],
    ['15', 'beta'],
    ['17-oriole', 'preview'],
  ] as const)('round-trip %s|%s', (postgres_engine, release_channel) => {
    expect(fromFormValue(toFormValue({ postgres_engine, release_channel }))).toEqual({ postgres_engine, release_channel });
  });

  it.each(['', '17', '17|', '|ga', 'ga', '17|stable', '17|GA', '17|ga|beta'])('reject %j', (value) => {
    expect(fromFormValue(value)).toBeUndefined();
  });
});

describe('isOrioleDb', () => {
  it("is true only for the '17-oriole' engine", () => {
    expect(isOrioleDb({ postgres_engine: '17-oriole' })).toBe(true);
    expect(isOrioleDb({ postgres_engine: '17' })).toBe(false);
    expect(isOrioleDb({ postgres_engine: '15' })).toBe(false);
    expect(isOrioleDb({ postgres_engine: '17-oriole-beta' })).toBe(false);
  });
});

describe('canQueryAvailableVersions', () => {
  it('needs a real organization slug and a region', () => {
    expect(canQueryAvailableVersions('acme', 'local')).toBe(true);
  });

  it("is false for the '_' fallback slug", () => {
    expect(canQueryAvailableVersions('_', 'local')).toBe(false);
  });

  it('is false without a slug or a region', () => {
    expect(canQueryAvailableVersions(undefined, 'local')).toBe(false);
    expect(canQueryAvailableVersions('', 'local')).toBe(false);
    expect(canQueryAvailableVersions('acme', undefined)).toBe(false);
    expect(canQueryAvailableVersions('acme', '')).toBe(false);
  });
});
