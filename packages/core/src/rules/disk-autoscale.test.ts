import { describe, expect, it } from 'vitest';
import { diskAutoscaleBlocked, diskGrowth } from './disk-autoscale.ts';
import { DISK_COOLDOWN_SECONDS } from './disk.ts';

const GB = 1024 ** 3;
const now = new Date('2026-01-01T12:00:00Z');
const pro = { plan: 'pro' as const, lastModifiedAt: null, now };

describe('disk growth', () => {
  it('is not needed up to 90% usage', () => {
    expect(diskGrowth({ ...pro, sizeGb: 100, usedBytes: 90 * GB })).toEqual({ kind: 'not_needed' });
  });

  it('grows a paid plan’s disk by half, at least 4 GB, up to 200 GB', () => {
    expect(diskGrowth({ ...pro, sizeGb: 100, usedBytes: 91 * GB })).toEqual({ kind: 'grow', sizeGb: 150 });
    expect(diskGrowth({ ...pro, sizeGb: 8, usedBytes: 7.5 * GB })).toEqual({ kind: 'grow', sizeGb: 12 });
    expect(diskGrowth({ ...pro, sizeGb: 2, usedBytes: 1.9 * GB })).toEqual({ kind: 'grow', sizeGb: 6 });
    expect(diskGrowth({ ...pro, sizeGb: 180, usedBytes: 170 * GB })).toEqual({ kind: 'grow', sizeGb: 200 });
    // A disk of part of a GB (tests make them) grows to whole GB, as members save them.
    expect(diskGrowth({ ...pro, sizeGb: 0.03, usedBytes: 0.03 * GB })).toEqual({ kind: 'grow', sizeGb: 5 });
  });

  it('never grows on the free plan', () => {
    expect(diskGrowth({ ...pro, plan: 'free', sizeGb: 8, usedBytes: 8 * GB })).toEqual({ kind: 'blocked', reason: 'free_plan' });
  });

  it('stops at 200 GB, whatever the cooldown', () => {
    const recent = new Date(now.getTime() - 60_000).toISOString();
    expect(diskGrowth({ ...pro, sizeGb: 200, usedBytes: 190 * GB, lastModifiedAt: recent })).toEqual({
      kind: 'blocked',
      reason: 'size_limit',
    });
    expect(diskGrowth({ ...pro, sizeGb: 300, usedBytes: 290 * GB })).toMatchObject({ reason: 'size_limit' });
  });

  it('waits for the cooldown of the last change, then grows', () => {
    const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
    const blocked = diskGrowth({ ...pro, sizeGb: 8, usedBytes: 7.5 * GB, lastModifiedAt: hourAgo });
    expect(blocked).toEqual({ kind: 'blocked', reason: 'cooldown', retryAt: '2026-01-01T17:00:00.000Z' });
    const later = new Date(now.getTime() + (DISK_COOLDOWN_SECONDS - 3600) * 1000);
    expect(diskGrowth({ ...pro, sizeGb: 8, usedBytes: 7.5 * GB, lastModifiedAt: hourAgo, now: later })).toEqual({
      kind: 'grow',
      sizeGb: 12,
    });
  });
});

describe('what the warnings say of blocked growth', () => {
  it('says nothing when the disk grows or needs no room', () => {
    expect(diskAutoscaleBlocked({ kind: 'not_needed' })).toBeNull();
    expect(diskAutoscaleBlocked({ kind: 'grow', sizeGb: 12 })).toBeNull();
  });

  it('names the reason in words, with the end of the cooldown', () => {
    expect(diskAutoscaleBlocked({ kind: 'blocked', reason: 'cooldown', retryAt: '2026-01-01T17:00:00.000Z' })).toEqual({
      reason: 'cooldown',
      retry_at: '2026-01-01T17:00:00.000Z',
      message:
        'The disk is more than 90% full but changed less than 6 hours ago, so it cannot grow automatically before 2026-01-01 17:00 UTC. ' +
        'Free up space meanwhile.',
    });
    expect(diskAutoscaleBlocked({ kind: 'blocked', reason: 'size_limit' })).toEqual({
      reason: 'size_limit',
      retry_at: null,
      message: 'The disk is more than 90% full but does not grow automatically beyond 200 GB. Free up space or increase the disk size.',
    });
    expect(diskAutoscaleBlocked({ kind: 'blocked', reason: 'free_plan' })?.message).toMatch(/Free plan do not grow automatically/);
  });
});
