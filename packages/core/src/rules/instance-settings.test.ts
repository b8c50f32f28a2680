import { describe, expect, it } from 'vitest';
import { COMPUTE_SIZE_IDS, instanceSettings, readonlyConnectionLimit } from './instance-settings.ts';

function megabytes(size: string): number {
  const match = /^(\d+)(MB|GB)$/.exec(size);
  if (!match) throw new Error(`not a size in MB or GB: ${size}`);
  return Number(match[1]) * (match[2] === 'GB' ? 1024 : 1);
}

describe('instanceSettings', () => {
  it('keeps micro, the default size, small enough for a shared dev machine', () => {
    expect(instanceSettings('micro')).toEqual({ shared_buffers: '32MB', max_connections: 60, work_mem: '2MB' });
  });

  it('gives nano the least memory', () => {
    expect(megabytes(instanceSettings('nano').shared_buffers)).toBe(16);
  });

  it('never shrinks as the size grows', () => {
    const ladder = COMPUTE_SIZE_IDS.filter((id) => !id.includes('_')).map(instanceSettings);
    for (let i = 1; i < ladder.length; i++) {
      const [smaller, larger] = [ladder[i - 1]!, ladder[i]!];
      expect(megabytes(larger.shared_buffers)).toBeGreaterThanOrEqual(megabytes(smaller.shared_buffers));
      expect(megabytes(larger.work_mem)).toBeGreaterThanOrEqual(megabytes(smaller.work_mem));
      expect(larger.max_connections).toBeGreaterThanOrEqual(smaller.max_connections);
    }
  });

  it('grows between the small sizes', () => {
    expect(megabytes(instanceSettings('large').shared_buffers)).toBeGreaterThan(megabytes(instanceSettings('micro').shared_buffers));
    expect(instanceSettings('large').max_connections).toBeGreaterThan(instanceSettings('micro').max_connections);
  });

  it('caps every size, variants included', () => {
    for (const id of COMPUTE_SIZE_IDS) {
      const settings = instanceSettings(id);
      expect(megabytes(settings.shared_buffers)).toBeLessThanOrEqual(512);
      expect(megabytes(settings.work_mem)).toBeLessThanOrEqual(16);
      expect(settings.max_connections).toBeLessThanOrEqual(500);
    }
    expect(instanceSettings('48xlarge_high_memory')).toEqual(instanceSettings('16xlarge'));
  });

  it('returns a copy the caller may change', () => {
    instanceSettings('micro').max_connections = 1;
    expect(instanceSettings('micro').max_connections).toBe(60);
  });
});

describe('readonlyConnectionLimit', () => {
  it("leaves most of every size's connections to postgres", () => {
    expect(readonlyConnectionLimit(instanceSettings('nano').max_connections)).toBe(20);
    for (const id of COMPUTE_SIZE_IDS) {
      const { max_connections } = instanceSettings(id);
      expect(readonlyConnectionLimit(max_connections)).toBeLessThan(max_connections / 2);
    }
  });
});
