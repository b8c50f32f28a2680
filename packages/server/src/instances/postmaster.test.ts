import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlive } from './postmaster.ts';

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
};

describe('isAlive', () => {
  it('takes a killed server that Node has not reaped yet for gone (signals still reach its pid)', () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid!;
    expect(isAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    // Synchronously, so that Node cannot reap it in between: wait until it is a zombie.
    const deadline = Date.now() + 5_000;
    while (state(pid) !== 'Z' && Date.now() < deadline);
    expect(state(pid)).toBe('Z');
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(isAlive(pid)).toBe(false);
  });
});
