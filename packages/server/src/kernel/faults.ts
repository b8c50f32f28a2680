import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformContext } from './context.ts';

/**
 * Fails an operation at a chosen step when the tests ask for it (BASIN_FAULTS=pause:backup,...),
 * so that every failure path can be exercised on real instances. Off unless configured.
 */
export function injectFault(ctx: Pick<PlatformContext, 'config'>, operation: string, step: string): void {
  if (ctx.config.faults.includes(`${operation}:${step}`)) throw new Error(`Injected fault: ${operation} failed at ${step}`);
}

/**
 * Holds an operation at a chosen step when the tests ask for it (BASIN_FAULTS=upgrade:5:hold), so
 * that a test kills the platform exactly while that step is under way instead of making the step
 * long and racing it. Logs a warning once held (a test waits for it), then waits for as long as
 * the fault stays configured: for good in a child platform, until a test takes it out of
 * ctx.config.faults in its own. Off unless configured; like every fault, refused in production.
 */
export async function holdFault(ctx: Pick<PlatformContext, 'config' | 'logger'>, operation: string, step: string): Promise<void> {
  const fault = `${operation}:${step}:hold`;
  if (!ctx.config.faults.includes(fault)) return;
  ctx.logger.warn({ operation, step }, `Injected fault: ${operation} held at ${step}`);
  while (ctx.config.faults.includes(fault)) await sleep(HOLD_POLL_MS);
}

const HOLD_POLL_MS = 50;
