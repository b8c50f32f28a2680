import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { PlatformContext } from './context.ts';
import { holdFault, injectFault } from './faults.ts';

function contextWith(faults: string[]) {
  const warn = vi.fn();
  const ctx = { config: { faults }, logger: { warn } } as unknown as Pick<PlatformContext, 'config' | 'logger'>;
  return { ctx, warn };
}

describe('faults', () => {
  it('fail an operation only at the configured step, and a hold never fails it', () => {
    const { ctx } = contextWith(['upgrade:5', 'restore:6:hold']);
    expect(() => injectFault(ctx, 'upgrade', '5')).toThrow('Injected fault: upgrade failed at 5');
    expect(() => injectFault(ctx, 'upgrade', '6')).not.toThrow();
    expect(() => injectFault(ctx, 'restore', '6')).not.toThrow();
  });

  it('pass a step nobody holds at once', async () => {
    const { ctx, warn } = contextWith(['upgrade:5', 'upgrade:6:hold']);
    await holdFault(ctx, 'upgrade', '5');
    await holdFault(ctx, 'restore', '6');
    expect(warn).not.toHaveBeenCalled();
  });

  it('hold a step, with a warning, for as long as the hold stays configured', async () => {
    const { ctx, warn } = contextWith(['upgrade:5:hold']);
    let released = false;
    const held = holdFault(ctx, 'upgrade', '5').then(() => (released = true));
    await sleep(200);
    expect(released).toBe(false);
    expect(warn).toHaveBeenCalledWith({ operation: 'upgrade', step: '5' }, 'Injected fault: upgrade held at 5');
    ctx.config.faults.splice(0);
    await held;
    expect(released).toBe(true);
  });
});
