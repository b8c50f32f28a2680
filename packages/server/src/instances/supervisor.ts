/**
 * Keeps instances up: every interval, each instance that should be running and does not answer
 * is started again (rounds never overlap, so a slow restart is never doubled).
 */
import { repeatRounds } from '../rounds.ts';
import type { InstanceDriver, InstanceSpec } from './types.ts';

export interface SupervisorOptions {
  driver: Pick<InstanceDriver, 'isHealthy' | 'start'>;
  /** The instances that should be running now (read fresh every round). */
  listRunning: () => Promise<InstanceSpec[]>;
  intervalMs: number;
  /** After each restart attempt; `error` is set when it failed (the next round tries again). */
  onRestart?: (ref: string, error?: unknown) => void;
  /** When a whole round failed, e.g. listRunning threw. */
  onError?: (error: unknown) => void;
  /**
   * Starts an instance found down; the default is driver.start. The platform passes one that
   * first checks, under the project's lock, that no lifecycle job stopped it on purpose meanwhile.
   */
  restart?: (spec: InstanceSpec) => Promise<void>;
}

/**
 * Starts the loop. The returned function stops it and resolves once a round in progress has
 * ended: await it before stopping instances, or this loop would start them again.
 */
export function startSupervisor(options: SupervisorOptions): () => Promise<void> {
  const { driver, listRunning, intervalMs, onRestart, onError } = options;
  const restart = options.restart ?? ((spec: InstanceSpec) => driver.start(spec));

  async function restartIfDown(spec: InstanceSpec): Promise<void> {
    if (await driver.isHealthy(spec)) return;
    try {
      await restart(spec);
      onRestart?.(spec.ref);
    } catch (error) {
      onRestart?.(spec.ref, error);
    }
  }

  async function checkAll(): Promise<void> {
    try {
      await Promise.all((await listRunning()).map(restartIfDown));
    } catch (error) {
      onError?.(error);
    }
  }

  return repeatRounds(intervalMs, checkAll);
}
