/** The plumbing of worker processes: ending them with the platform's process, and knowing when one listens. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Workers of this process: killed with it, even when it ends without stopping the platform. */
const liveChildren = new Set<ChildProcess>();
let exitHook = false;
export function track(child: ChildProcess): void {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of liveChildren) c.kill('SIGKILL');
  });
}

/** Whether something listens on the Unix socket `path` (a connection is accepted, then closed). */
export function accepts(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
