import { describe, expect, it } from 'vitest';
import { computeSizeOfAddon, ResizeProjectBody, RestoreProjectBody, UpgradeProjectBody, UpgradeStatusQuery } from './lifecycle.ts';

describe('lifecycle payloads', () => {
  it('takes ci_ compute add-on ids and names an unknown one', () => {
    expect(ResizeProjectBody.parse({ compute: 'ci_small' })).toEqual({ compute: 'ci_small' });
    expect(computeSizeOfAddon('ci_24xlarge_optimized_cpu')).toBe('24xlarge_optimized_cpu');
    const rejected = ResizeProjectBody.safeParse({ compute: 'small' });
    expect(rejected.error?.issues[0]?.message).toBe('Unknown compute size "small": use ci_ followed by a size, e.g. ci_small');
    expect(ResizeProjectBody.safeParse({}).success).toBe(false);
  });

  it('restores without a version, or onto an engine and channel', () => {
    expect(RestoreProjectBody.parse({})).toEqual({});
    expect(RestoreProjectBody.parse({ postgres_engine: '17', release_channel: 'ga' })).toEqual({
      postgres_engine: '17',
      release_channel: 'ga',
    });
    expect(RestoreProjectBody.safeParse({ release_channel: 'nightly' }).success).toBe(false);
  });

  it('needs a target version and a UUID tracking id', () => {
    expect(UpgradeProjectBody.safeParse({ target_version: ' ' }).error?.issues[0]?.message).toBe('target_version is required');
    expect(UpgradeStatusQuery.safeParse({ tracking_id: 'x' }).error?.issues[0]?.message).toBe('tracking_id must be a UUID');
    expect(UpgradeStatusQuery.parse({})).toEqual({});
  });
});
