import { describe, expect, it } from 'vitest';
import {
  authEmailLevel,
  cpuCores,
  diskThroughputBytesPerSecond,
  memoryPercent,
  resourceLevels,
  usageBetween,
  usageLevel,
  type UsageCounters,
} from './resource-usage.ts';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

describe('usage levels', () => {
  it('warns above 80% and is critical above 95%', () => {
    expect(usageLevel(null)).toBeNull();
    expect(usageLevel(80)).toBeNull();
    expect(usageLevel(80.1)).toBe('warning');
    expect(usageLevel(95)).toBe('warning');
    expect(usageLevel(95.1)).toBe('critical');
    expect(usageLevel(140)).toBe('critical');
  });
});

describe('cores of a compute size', () => {
  it('are the size’s cores, one for a shared CPU, at most the host’s', () => {
    expect(cpuCores('micro', 8)).toBe(2);
    expect(cpuCores('nano', 8)).toBe(1);
    expect(cpuCores('xlarge', 2)).toBe(2);
    expect(cpuCores('xlarge', 16)).toBe(4);
  });
});

describe('disk throughput', () => {
  it('is the gp3 setting in MiB/s', () => {
    expect(diskThroughputBytesPerSecond({ type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 })).toBe(125 * MIB);
  });
  it('follows io2 IOPS at 256 KiB each, up to 4,000 MB/s', () => {
    expect(diskThroughputBytesPerSecond({ type: 'io2', size_gb: 8, iops: 4000 })).toBe(1000 * MIB);
    expect(diskThroughputBytesPerSecond({ type: 'io2', size_gb: 8, iops: 256000 })).toBe(4000 * MIB);
  });
});

describe('memory', () => {
  it('is a share of the compute size’s memory', () => {
    expect(memoryPercent(0.5 * GIB, 'micro')).toBe(50);
    expect(memoryPercent(0.5 * GIB, 'nano')).toBe(100);
    expect(memoryPercent(null, 'micro')).toBeNull();
  });
});

describe('usage between two readings', () => {
  const budget = { cores: 2, throughputBytesPerSecond: 100 * MIB };
  const first: UsageCounters = { instance: '100:5', at: 0, cpuSeconds: 10, ioBytes: 0 };

  it('turns counter deltas into shares of the cores and the throughput', () => {
    const later = { ...first, at: 60_000, cpuSeconds: 10 + 60, ioBytes: 60 * 25 * MIB };
    expect(usageBetween(first, later, budget)).toEqual({ cpuPercent: 50, diskIoPercent: 25 });
  });

  it('knows nothing without an earlier reading of the same instance', () => {
    const later = { ...first, at: 60_000, cpuSeconds: 70 };
    expect(usageBetween(undefined, later, budget)).toEqual({ cpuPercent: null, diskIoPercent: null });
    expect(usageBetween(first, { ...later, instance: '200:9' }, budget)).toEqual({ cpuPercent: null, diskIoPercent: null });
    expect(usageBetween(first, { ...first }, budget)).toEqual({ cpuPercent: null, diskIoPercent: null });
  });

  it('reports no disk I/O where the counters are unreadable', () => {
    const later = { ...first, at: 10_000, cpuSeconds: 15, ioBytes: null };
    expect(usageBetween(first, later, budget)).toEqual({ cpuPercent: 25, diskIoPercent: null });
  });

  it('never reports negative usage', () => {
    const later = { ...first, at: 10_000, cpuSeconds: 9, ioBytes: 0 };
    expect(usageBetween(first, later, budget)).toEqual({ cpuPercent: 0, diskIoPercent: 0 });
  });
});

describe('auth email rate limit', () => {
  it('warns once the sends of the hour reach the limit, never critical', () => {
    expect(authEmailLevel(0, 2)).toBeNull();
    expect(authEmailLevel(1, 2)).toBeNull();
    expect(authEmailLevel(2, 2)).toBe('warning');
    expect(authEmailLevel(9, 2)).toBe('warning');
    expect(authEmailLevel(0, 0)).toBeNull();
  });
});

describe('resource levels', () => {
  it('levels every resource of a measurement', () => {
    expect(
      resourceLevels({
        readonly: true,
        diskUsedBytes: 0.99 * GIB,
        diskSizeGb: 1,
        cpuPercent: 90,
        memoryPercent: 10,
        diskIoPercent: null,
        authEmails: { sentLastHour: 3, limitPerHour: 3 },
      }),
    ).toEqual({
      is_readonly_mode_enabled: true,
      disk_space: 'critical',
      disk_io: null,
      cpu: 'warning',
      memory: null,
      auth_email_rate_limit: 'warning',
    });
  });

  it('leaves what was not measured without a level', () => {
    const diskOnly = {
      readonly: false,
      diskUsedBytes: 0.5 * GIB,
      diskSizeGb: 1,
      cpuPercent: null,
      memoryPercent: null,
      diskIoPercent: null,
      authEmails: null,
    };
    expect(resourceLevels(diskOnly)).toEqual({
      is_readonly_mode_enabled: false,
      disk_space: null,
      disk_io: null,
      cpu: null,
      memory: null,
      auth_email_rate_limit: null,
    });
  });
});
