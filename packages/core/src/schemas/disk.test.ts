import { describe, expect, it } from 'vitest';
import { UpdateDiskBody } from './disk.ts';

const firstMessage = (input: unknown) => UpdateDiskBody.safeParse(input).error?.issues[0]?.message;

describe('disk payload', () => {
  it('accepts gp3 with throughput and io2 without', () => {
    expect(UpdateDiskBody.parse({ attributes: { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 } }).attributes.type).toBe('gp3');
    expect(UpdateDiskBody.parse({ attributes: { type: 'io2', size_gb: 4, iops: 1500 } }).attributes.type).toBe('io2');
  });

  it('checks each type against its own limits', () => {
    expect(firstMessage({ attributes: { type: 'gp3', size_gb: 8, iops: 2000 } })).toBe('iops must be between 3000 and 16000 IOPS');
    expect(firstMessage({ attributes: { type: 'io2', size_gb: 2, iops: 2000 } })).toBe('size_gb must be between 4 and 61440 GB');
    expect(firstMessage({ attributes: { type: 'gp3', size_gb: 20000, iops: 3000 } })).toBe('size_gb must be between 1 and 16384 GB');
  });

  it('refuses throughput on io2 and unknown types', () => {
    expect(firstMessage({ attributes: { type: 'io2', size_gb: 4, iops: 1500, throughput_mbps: 125 } })).toBe(
      'throughput_mbps can only be set for a General Purpose SSD (gp3)',
    );
    expect(firstMessage({ attributes: { type: 'st1', size_gb: 4, iops: 1500 } })).toBe('type must be gp3 or io2');
  });
});
