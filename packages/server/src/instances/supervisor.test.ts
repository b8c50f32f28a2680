import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startSupervisor } from './supervisor.ts';
import type { InstanceDriver, InstanceSpec } from './types.ts';

const spec: InstanceSpec = {
  ref: 'down',
  major: '17',
  port: 1,
  adminPassword: 'x',
  postgresPassword: 'x',
  readonlyPassword: 'y',
  authenticatorPassword: 'z',
  authPassword: 'y',
  settings: { shared_buffers: '16MB', max_connections: 10, work_mem: '1MB' },
};

/** A driver whose instance never answers and whose start is slow, counting overlapping starts. */
function slowDriver(startMs: number) {
  const stats = { starts: 0, active: 0, maxActive: 0 };
  const driver: Pick<InstanceDriver, 'isHealthy' | 'start'> = {
    isHealthy: async () => false,
    start: async () => {
      stats.starts++;
      stats.maxActive = Math.max(stats.maxActive, ++stats.active);
      await sleep(startMs);
      stats.active--;
    },
  };
  return { driver, stats };
}

describe('startSupervisor', () => {
  it('never runs two rounds at once, and stopping waits for the round in progress', async () => {
    const { driver, stats } = slowDriver(60);
    const restarted: string[] = [];
    const stop = startSupervisor({
      driver,
      listRunning: async () => [spec],
      intervalMs: 5,
      onRestart: (ref) => restarted.push(ref),
    });
    await sleep(200);
    await stop();
    expect(stats.maxActive).toBe(1);
    expect(stats.active).toBe(0);
    expect(stats.starts).toBeGreaterThanOrEqual(2);
    expect(restarted).toHaveLength(stats.starts);
  });

  it('reports a failed restart and a failed round, and keeps going', async () => {
    const { driver } = slowDriver(0);
    driver.start = async () => {
      throw new Error('port taken');
    };
    const failures: unknown[] = [];
    const roundErrors: unknown[] = [];
    let calls = 0;
    const stop = startSupervisor({
      driver,
      listRunning: async () => {
        if (++calls === 1) throw new Error('store down');
        return [spec];
      },
      intervalMs: 5,
      onRestart: (_ref, error) => failures.push(error),
      onError: (error) => roundErrors.push(error),
    });
    await sleep(60);
    await stop();
    expect(roundErrors).toEqual([new Error('store down')]);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toEqual(new Error('port taken'));
  });
});
