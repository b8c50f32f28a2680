import { useEffect } from 'react';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlagName } from '@basin/core';
import { trackFeatureFlag } from '../telemetry/track';
import { useFeatureFlagsQuery } from './use-feature-flags-query';

/**
 * One flag: `undefined` while the flags load, the code's default if they cannot be read, else its
 * value for the organization (or the install, without a slug). The first time a page load reads a
 * flag's value it is tracked locally (spec part 2 §7 feature-flags/track).
 */
export function useFeatureFlag(name: FeatureFlagName, slug?: string): boolean | undefined {
  const flags = useFeatureFlagsQuery(slug);
  const value = flags.data ? flags.data[name] : flags.isError ? FEATURE_FLAG_DEFAULTS[name] : undefined;
  useEffect(() => {
    if (flags.data) trackFeatureFlag(name, flags.data[name]);
  }, [name, flags.data]);
  return value;
}
