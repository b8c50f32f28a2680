import type { PlatformContext } from './context.ts';

/**
 * Fails an operation at a chosen step when the tests ask for it (BASIN_FAULTS=pause:backup,...),
 * so that every failure path can be exercised on real instances. Off unless configured.
 */
export function injectFault(ctx: Pick<PlatformContext, 'config'>, operation: string, step: string): void {
  if (ctx.config.faults.includes(`${operation}:${step}`)) throw new Error(`Injected fault: ${operation} failed at ${step}`);
}
