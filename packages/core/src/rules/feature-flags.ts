import { AI_OPT_IN_LEVELS, type AiOptInLevel } from '../schemas/assistant.ts';

/**
 * Basin's feature flags (spec part 2 §2, §5, §6): each has its default here, the install may
 * override it (BASIN_FEATURE_FLAGS) and so may an organization (its own row). The dashboard only
 * reads them; nothing here is a secret.
 */
export const FEATURE_FLAG_DEFAULTS = {
  /** One flag per AI opt-in level: whether its option shows in the radio group (spec §2, §6). */
  aiOptInLevelDisabled: true,
  aiOptInLevelSchema: true,
  aiOptInLevelSchemaAndLog: true,
  aiOptInLevelSchemaAndLogAndData: true,
  /** Off switches the assistant off remotely: 'Assistant has been temporarily disabled'. */
  assistantEnabled: true,
  /** Restores and new projects offer a Postgres version ('engine|channel'); Basin installs several majors. */
  showPostgresVersionSelector: true,
  /** Off refuses plan changes with the spec's 'Subscription changes are currently disabled…'. */
  subscriptionChangesEnabled: true,
} as const satisfies Record<string, boolean>;

export type FeatureFlagName = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlagName, boolean>;

export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagName[];

export function isFeatureFlagName(name: string): name is FeatureFlagName {
  return Object.hasOwn(FEATURE_FLAG_DEFAULTS, name);
}

/** The flag that shows each opt-in level's option. */
export const OPT_IN_LEVEL_FLAGS: Record<AiOptInLevel, FeatureFlagName> = {
  disabled: 'aiOptInLevelDisabled',
  schema: 'aiOptInLevelSchema',
  schema_and_log: 'aiOptInLevelSchemaAndLog',
  schema_and_log_and_data: 'aiOptInLevelSchemaAndLogAndData',
};

export const SUBSCRIPTION_CHANGES_DISABLED = 'Subscription changes are currently disabled, our engineers are working on a fix';

const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no'];

/**
 * `flagA=true,flagB=false` (BASIN_FEATURE_FLAGS) as overrides. Throws on an unknown flag or a value
 * that is not true/false (also 1/0, on/off, yes/no), naming it: a typo must not pass silently.
 */
export function parseFeatureFlagList(text: string | undefined): Partial<FeatureFlags> {
  const overrides: Partial<FeatureFlags> = {};
  for (const entry of (text ?? '').split(',')) {
    if (!entry.trim()) continue;
    const at = entry.indexOf('=');
    const name = (at < 0 ? entry : entry.slice(0, at)).trim();
    const value =
      at < 0
        ? ''
        : entry
            .slice(at + 1)
            .trim()
            .toLowerCase();
    if (!isFeatureFlagName(name)) {
      throw new Error(`Unknown feature flag ${JSON.stringify(name)}; known flags: ${FEATURE_FLAG_NAMES.join(', ')}`);
    }
    if (TRUE_WORDS.includes(value)) overrides[name] = true;
    else if (FALSE_WORDS.includes(value)) overrides[name] = false;
    else throw new Error(`Feature flag ${name} needs =true or =false, got ${JSON.stringify(entry.trim())}`);
  }
  return overrides;
}

/** The flags in force: the defaults, then the install's overrides, then the organization's own. */
export function resolveFeatureFlags(...layers: Partial<FeatureFlags>[]): FeatureFlags {
  return Object.assign({ ...FEATURE_FLAG_DEFAULTS }, ...layers) as FeatureFlags;
}

/** The opt-in levels whose options show, in their order. */
export function visibleOptInLevels(flags: Partial<FeatureFlags>): AiOptInLevel[] {
  return AI_OPT_IN_LEVELS.filter((level) => flags[OPT_IN_LEVEL_FLAGS[level]] ?? FEATURE_FLAG_DEFAULTS[OPT_IN_LEVEL_FLAGS[level]]);
}
