import { describe, expect, it } from 'vitest';
import {
  AUTOSCALE_MAX_SIZE_GB,
  DISK_COOLDOWN_SECONDS,
  autoscaledSizeGb,
  diskCooldownEndsAt,
  diskCooldownRemainingSeconds,
  diskMonthlyCost,
  diskSpaceLevel,
  includedDiskGb,
  isReadOnlyUsage,
} from './disk.ts';

const GB = 1024 ** 3;

describe('disk cost', () => {
  it('charges nothing for what the plan includes', () => {
    expect(diskMonthlyCost({ type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 }, 'pro').total).toBe(0);
  });

  it('charges gp3 storage, iops and throughput beyond what is included', () => {
    const cost = diskMonthlyCost({ type: 'gp3', size_gb: 18, iops: 4000, throughput_mbps: 225 }, 'pro');
    expect(cost.storage).toBeCloseTo(10 * 0.125);
    expect(cost.iops).toBeCloseTo(1000 * 0.024);
    expect(cost.throughput).toBeCloseTo(100 * 0.095);
    expect(cost.total).toBeCloseTo(1.25 + 24 + 9.5);
  });

  it('includes 1 GB on free, 8 GB on paid plans, nothing on io2', () => {
    expect(includedDiskGb('free', 'gp3')).toBe(1);
    expect(includedDiskGb('team', 'gp3')).toBe(8);
    expect(includedDiskGb('pro', 'io2')).toBe(0);
  });

  it('charges io2 for every GB and iop', () => {
    const cost = diskMonthlyCost({ type: 'io2', size_gb: 10, iops: 2000 }, 'pro');
    expect(cost.total).toBeCloseTo(10 * 0.195 + 2000 * 0.119);
    expect(cost.throughput).toBe(0);
  });
});

describe('autoscale', () => {
  it('leaves the disk alone up to 90% usage', () => {
    expect(autoscaledSizeGb(100, 90)).toBe(100);
  });
  it('grows by half, at least 4 GB, at most 60,000 GB', () => {
    expect(autoscaledSizeGb(100, 91)).toBe(150);
    expect(autoscaledSizeGb(2, 1.9)).toBe(6);
    expect(autoscaledSizeGb(50000, 49000)).toBe(AUTOSCALE_MAX_SIZE_GB);
  });
});

describe('disk cooldown', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('has none without a last change', () => {
    expect(diskCooldownRemainingSeconds(null, now)).toBe(0);
    expect(diskCooldownRemainingSeconds(undefined, now)).toBe(0);
  });
  it('counts down from the last change', () => {
    expect(diskCooldownRemainingSeconds('2026-01-01T11:00:00Z', now)).toBe(DISK_COOLDOWN_SECONDS - 3600);
  });
  it('ends after the cooldown', () => {
    expect(diskCooldownRemainingSeconds('2026-01-01T05:59:59Z', now)).toBe(0);
  });
  it('says when it ends, null outside it', () => {
    expect(diskCooldownEndsAt(null, now)).toBeNull();
    expect(diskCooldownEndsAt('2026-01-01T05:00:00Z', now)).toBeNull();
    expect(diskCooldownEndsAt('2026-01-01T11:00:00Z', now)).toBe('2026-01-01T17:00:00.000Z');
  });
});

describe('disk space levels', () => {
  it('warns above 80% and is critical (read-only) above 95%', () => {
    expect(diskSpaceLevel(0.8 * GB, 1)).toBeNull();
    expect(diskSpaceLevel(0.81 * GB, 1)).toBe('warning');
    expect(diskSpaceLevel(0.95 * GB, 1)).toBe('warning');
    expect(diskSpaceLevel(0.96 * GB, 1)).toBe('critical');
    expect(isReadOnlyUsage(0.96 * GB, 1)).toBe(true);
    expect(isReadOnlyUsage(0.5 * GB, 1)).toBe(false);
  });
});
