/** Postgres version options (spec part 1 §3, §4): 'supabase-postgres-' strings, engine|channel form values. */
export const VERSION_PREFIX = 'supabase-postgres-';
export const RELEASE_CHANNELS = ['ga', 'beta', 'preview'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

export interface PostgresVersionOption {
  version: string;
  postgres_engine: string;
  release_channel: ReleaseChannel;
}

/** An option for an installed major, e.g. ('17', '17.10.0') → supabase-postgres-17.10.0, engine 17, ga. */
export function versionOption(major: string, serverVersion: string): PostgresVersionOption {
  return { version: `${VERSION_PREFIX}${serverVersion}`, postgres_engine: major, release_channel: 'ga' };
}

function numericParts(version: string): number[] {
  return version
    .slice(VERSION_PREFIX.length)
    .split(/[.-]/)
    .map((part) => Number.parseInt(part, 10))
    .filter((n) => !Number.isNaN(n));
}

/** Sorted by version, newest first. */
export function sortVersionsDescending<T extends { version: string }>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => {
    const x = numericParts(a.version);
    const y = numericParts(b.version);
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const diff = (y[i] ?? 0) - (x[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}

/** The first ga version of the sorted list, otherwise the first version. */
export function defaultVersion<T extends PostgresVersionOption>(options: readonly T[]): T | undefined {
  const sorted = sortVersionsDescending(options);
  return sorted.find((o) => o.release_channel === 'ga') ?? sorted[0];
}

export function toFormValue(option: Pick<PostgresVersionOption, 'postgres_engine' | 'release_channel'>): string {
  return `${option.postgres_engine}|${option.release_channel}`;
}

export function fromFormValue(value: string): { postgres_engine: string; release_channel: ReleaseChannel } | undefined {
  const [engine, channel, ...rest] = value.split('|');
  if (!engine || rest.length > 0 || !RELEASE_CHANNELS.includes(channel as ReleaseChannel)) return undefined;
  return { postgres_engine: engine, release_channel: channel as ReleaseChannel };
}

export function isOrioleDb(option: Pick<PostgresVersionOption, 'postgres_engine'>): boolean {
  return option.postgres_engine === '17-oriole';
}

/** The available-versions query needs a real org slug and a region (spec part 1 §5). */
export function canQueryAvailableVersions(slug: string | undefined, region: string | undefined): boolean {
  return Boolean(slug) && slug !== '_' && Boolean(region);
}
