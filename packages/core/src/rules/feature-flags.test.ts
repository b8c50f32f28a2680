import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, parseFeatureFlagList, resolveFeatureFlags, visibleOptInLevels } from './feature-flags.ts';

describe('parseFeatureFlagList', () => {
  it('reads flag=value pairs, with spaces and the usual words for true and false', () => {
    expect(parseFeatureFlagList(' assistantEnabled=false , aiOptInLevelSchema = TRUE,subscriptionChangesEnabled=0,')).toEqual({
      assistantEnabled: false,
      aiOptInLevelSchema: true,
      subscriptionChangesEnabled: false,
    });
    expect(parseFeatureFlagList('showPostgresVersionSelector=off')).toEqual({ showPostgresVersionSelector: false });
    expect(parseFeatureFlagList(undefined)).toEqual({});
    expect(parseFeatureFlagList('')).toEqual({});
  });

  it('refuses an unknown flag and a value that is not a boolean, naming them', () => {
    expect(() => parseFeatureFlagList('assistantEnabld=false')).toThrow(/Unknown feature flag "assistantEnabld"/);
    expect(() => parseFeatureFlagList('assistantEnabled')).toThrow(/assistantEnabled needs =true or =false/);
    expect(() => parseFeatureFlagList('assistantEnabled=maybe')).toThrow(/assistantEnabled=maybe/);
    expect(() => parseFeatureFlagList('toString=true')).toThrow(/Unknown feature flag/);
  });
});

describe('resolveFeatureFlags', () => {
  it('lets each layer override the one before, leaving the defaults alone', () => {
    const flags = resolveFeatureFlags({ assistantEnabled: false, aiOptInLevelSchema: false }, { aiOptInLevelSchema: true });
    expect(flags).toEqual({ ...FEATURE_FLAG_DEFAULTS, assistantEnabled: false, aiOptInLevelSchema: true });
    expect(FEATURE_FLAG_DEFAULTS.assistantEnabled).toBe(true);
  });
});

describe('visibleOptInLevels', () => {
  it('shows every level by default and hides those whose flag is off', () => {
    expect(visibleOptInLevels({})).toEqual(['disabled', 'schema', 'schema_and_log', 'schema_and_log_and_data']);
    expect(visibleOptInLevels({ aiOptInLevelSchemaAndLogAndData: false, aiOptInLevelDisabled: false })).toEqual([
      'schema',
      'schema_and_log',
    ]);
  });
});
