import { defaultVersion, isOrioleDb, sortVersionsDescending, toFormValue } from '@basin/core';
import type { PostgresVersionOption } from '@basin/core';
import { postgresVersionLabel } from './postgres-version-label';

export interface VersionChoice {
  /** 'engine|channel', the form value (spec part 1 §3). */
  value: string;
  label: string;
  version: string;
  option: PostgresVersionOption;
}

function label(option: PostgresVersionOption): string {
  const major = option.postgres_engine.replace(/-oriole$/, '');
  return isOrioleDb(option) ? `Postgres ${major} (OrioleDB)` : `Postgres ${major}`;
}

/**
 * The selector's choices: newest first, one per form value (the newest version wins), and the
 * default, the first ga version or else the first version (spec part 1 §4).
 */
export function versionChoices(options: readonly PostgresVersionOption[]): { choices: VersionChoice[]; defaultValue: string } {
  const seen = new Set<string>();
  const choices: VersionChoice[] = [];
  for (const option of sortVersionsDescending(options)) {
    const value = toFormValue(option);
    if (seen.has(value)) continue;
    seen.add(value);
    choices.push({ value, label: label(option), version: postgresVersionLabel(option.version), option });
  }
  const fallback = defaultVersion(options);
  return { choices, defaultValue: fallback ? toFormValue(fallback) : '' };
}
